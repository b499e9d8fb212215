//===- WrapperLaunch.cpp - kernel launch and shape extraction --------------===//
#include "WrapperInterp.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using cpp::Tok;
using llvm::StringRef;

bool Interp::execDispatch(const cpp::Expr &call) {
  // AT_DISPATCH_*(TYPE, "name", [&] { ... })
  if (call.kids.size() < 4 || call.kids.back()->kind != cpp::Expr::Lambda)
    return fail(call.at, "unsupported " + call.kids[0]->text + " form");
  auto ty = eval(*call.kids[1]);
  if (!ty)
    return false;
  if (ty->kind != WVal::DTypeV)
    return fail(call.kids[1]->at, "the dispatch type is not a scalar type");
  typeAlias["scalar_t"] = ctypeOf(ty->dt).str();
  const cpp::Expr &l = *call.kids.back();
  return execRange(l.lambdaBody, l.lambdaEnd);
}

bool Interp::execLaunch(size_t p, const std::string &kernel, size_t open, size_t e) {
  size_t at = t[p].begin;
  // <<< config >>>
  size_t close = open + 1;
  int depth = 0;
  for (; close < e; ++close) {
    StringRef x = t[close].text;
    if (x == "(" || x == "[" || x == "{")
      ++depth;
    else if (x == ")" || x == "]" || x == "}")
      --depth;
    else if (x == ">>>" && depth == 0)
      break;
  }
  if (close >= e)
    return fail(at, "launch without '>>>'");
  std::vector<WVal> cfg;
  if (!evalList(open + 1, close, cfg))
    return false;
  if (cfg.size() < 2 || cfg.size() > 4)
    return fail(at, "a launch configuration takes 2 to 4 values");
  size_t ao = close + 1;
  if (ao >= e || t[ao].text != "(")
    return fail(at, "launch without arguments");
  size_t ac = cpp::matchBracket(t, ao);
  if (ac == StringRef::npos || ac + 1 != e)
    return fail(at, "malformed launch arguments");
  std::vector<WVal> args;
  if (!evalList(ao + 1, ac, args))
    return false;
  std::string base = kernel.substr(0, kernel.find('<'));
  const cpp::Function *kf = u.find(base);
  if (!kf || !kf->isGlobal)
    return fail(at, "launched kernel '" + base + "' is not a __global__ function of the "
                    "CUDA source");
  if (kf->params.size() != args.size())
    return fail(at, "kernel '" + base + "' takes " + std::to_string(kf->params.size()) +
                        " arguments, the launch passes " + std::to_string(args.size()));
  LaunchRec l;
  l.kernel = kernel;
  // Template arguments naming integer constants (`k<kThreads>`, `k<TILE>`, a local
  // `constexpr int kWarps = 4;`) by their value: the lifter instantiates
  // `k<256>` without the wrapper's scope. Types and literals stay as written.
  if (size_t lt = kernel.find('<'); lt != std::string::npos && kernel.back() == '>') {
    std::vector<std::string> targs;
    std::string cur;
    int depth = 0;
    for (char c : StringRef(kernel).slice(lt + 1, kernel.size() - 1)) {
      if (c == '<' || c == '(')
        ++depth;
      else if (c == '>' || c == ')')
        --depth;
      if (c == ',' && depth == 0) {
        targs.push_back(cur);
        cur.clear();
        continue;
      }
      cur += c;
    }
    targs.push_back(cur);
    // The kernel's template parameter kinds (`template <bool VEC4, int B>`), so
    // that a bool parameter gets `true`/`false` rather than 1/0.
    std::vector<bool> boolParam;
    if (kf->isTemplate) {
      StringRef decl = StringRef(u.src.text).substr(kf->declBegin);
      size_t o = decl.find('<'), c = decl.find('>');
      if (decl.starts_with("template") && o != StringRef::npos && c != StringRef::npos && o < c) {
        llvm::SmallVector<StringRef, 4> ps;
        decl.slice(o + 1, c).split(ps, ',');
        for (StringRef tp : ps)
          boolParam.push_back(tp.trim().starts_with("bool "));
      }
    }
    bool changed = false;
    for (size_t ai = 0; ai < targs.size(); ++ai) {
      std::string &a = targs[ai];
      a = StringRef(a).trim().str();
      StringRef ta = a;
      if (ta.empty() || ta == "true" || ta == "false" || dtypeOfCType(ta) ||
          typeAlias.count(ta) || !(isalpha((unsigned char)ta[0]) || ta[0] == '_'))
        continue;
      std::string lexErr;
      size_t lexAt = 0, q = 0;
      std::vector<Tok> at2 = cpp::lex(ta, lexErr, lexAt);
      cpp::ExprP ex = lexErr.empty() && at2.size() > 1
                          ? cpp::parseExpr(at2, q, at2.size() - 1, lexErr, lexAt)
                          : nullptr;
      if (!ex || q != at2.size() - 1)
        continue;
      std::string saved = error;
      auto v = eval(*ex);
      error = saved;
      auto k = v && v->kind == WVal::Int ? fixedInt(v->s, symbolValues) : std::nullopt;
      if (!k)
        continue;
      a = ai < boolParam.size() && boolParam[ai] ? (*k ? "true" : "false")
                                                  : std::to_string(*k);
      changed = true;
    }
    if (changed)
      l.kernel = kernel.substr(0, lt + 1) + llvm::join(targs, ", ") + ">";
  }
  l.where = u.src.where(at);
  for (int w = 0; w < 2; ++w) {
    const WVal &c = cfg[w];
    SymP *dst = w == 0 ? l.grid : l.block;
    if (c.kind == WVal::Dim3) {
      for (int d = 0; d < 3; ++d)
        dst[d] = c.list[d];
    } else if (c.kind == WVal::Int) {
      dst[0] = c.s;
      dst[1] = dst[2] = lit(1);
    } else {
      return fail(at, std::string(w == 0 ? "grid" : "block") +
                          " is neither an integer nor a dim3");
    }
  }
  l.smem = lit(0);
  if (cfg.size() >= 3) {
    if (cfg[2].kind != WVal::Int)
      return fail(at, "dynamic shared memory size is not an integer");
    l.smem = cfg[2].s;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const cpp::Param &kp = kf->params[i];
    const WVal &a = args[i];
    if (a.kind == WVal::Accessor) {
      if (!bindAccessorArg(kp, a, base, at, l))
        return false;
      continue;
    }
    if (kp.pointer) {
      std::string ty = kp.type;
      if (auto it = typeAlias.find(StringRef(ty).trim().str()); it != typeAlias.end())
        ty = it->second;
      auto kdt = dtypeOfCType(ty);
      for (auto &[alias, real] : typeAlias)
        if (StringRef(kp.type).contains(alias))
          kdt = dtypeOfCType(real);
      // A null pointer (`nullptr`, `c ? t.data_ptr<T>() : nullptr` with c false,
      // a pointer variable still null): a buffer with no elements, which the
      // lifted kernel tests as null (docs/ir-conventions.md).
      if (a.kind == WVal::None || (a.kind == WVal::Ptr && a.buf < 0)) {
        DType dt = a.kind == WVal::Ptr && a.dtKnown ? a.dt : kdt ? *kdt : DType::f32;
        l.params.push_back(nullBuffer(kp.name.empty() ? "arg" + std::to_string(i) : kp.name,
                                      dt, at));
        continue;
      }
      if (a.kind != WVal::Ptr)
        return fail(at, "argument " + std::to_string(i + 1) + " ('" + kp.name +
                            "') of kernel '" + base +
                            "' is a pointer but the wrapper does not pass a tensor's "
                            "data_ptr");
      Buf &b = task.bufs[a.buf];
      DType dt = a.dtKnown ? a.dt : kdt ? *kdt : b.dtype;
      if (b.dtypeKnown && b.dtype != dt && b.origin != Buf::Created)
        return fail(at, "argument '" + kp.name + "' reads '" + b.name + "' as " +
                            dtypeName(dt).str() + " but it holds " +
                            dtypeName(b.dtype).str());
      b.dtype = dt;
      b.dtypeKnown = true;
      if (!StringRef(kp.type).starts_with("const") && !StringRef(kp.type).contains(" const"))
        b.written = true;
      l.params.push_back(b.name);
      continue;
    }
    if (!isNum(a))
      return fail(at, "argument " + std::to_string(i + 1) + " ('" + kp.name +
                          "') of kernel '" + base + "' is neither a pointer nor a number");
    std::string ty = kp.type;
    for (auto &[alias, real] : typeAlias)
      if (StringRef(ty).contains(alias))
        ty = real;
    auto dt = dtypeOfCType(ty);
    if (!dt)
      return fail(at, "parameter '" + kp.name + "' of kernel '" + base +
                          "' has a type the task cannot express: '" + kp.type + "'");
    std::string pname = kp.name.empty() ? "arg" + std::to_string(i) : kp.name;
    std::string chosen;
    for (const ScalarParam &s : task.scalars)
      if ((s.name == pname || StringRef(s.name).starts_with(pname + "_")) &&
          s.dtype == *dt && print(s.value) == print(a.s))
        chosen = s.name;
    if (chosen.empty()) {
      ScalarParam s;
      s.name = task.uniqueName(pname);
      s.dtype = *dt;
      s.value = a.s;
      task.scalars.push_back(s);
      chosen = s.name;
    }
    l.params.push_back(chosen);
  }
  task.launches.push_back(std::move(l));
  return true;
}

std::string Interp::nullBuffer(const std::string &param, DType dt, size_t at) {
  // One per parameter name and dtype: launches passing null for `bias` share it.
  for (const Buf &b : task.bufs)
    if (b.origin == Buf::Null && b.dtype == dt &&
        (b.name == param || StringRef(b.name).starts_with(param + "_")))
      return b.name;
  Buf b;
  b.origin = Buf::Null;
  b.name = task.uniqueName(param);
  b.shape = {lit(0)};
  b.dtype = dt;
  b.dtypeKnown = true;
  b.where = u.src.where(at);
  task.bufs.push_back(b);
  return b.name;
}

bool Interp::evalList(size_t b, size_t e, std::vector<WVal> &out) {
  size_t r = b;
  while (r < e) {
    size_t ae = r;
    int depth = 0;
    for (; ae < e; ++ae) {
      ae = skipTemplateArgs(ae, e);
      StringRef x = t[ae].text;
      if (x == "(" || x == "[" || x == "{")
        ++depth;
      else if (x == ")" || x == "]" || x == "}")
        --depth;
      else if (x == "," && depth == 0)
        break;
    }
    cpp::ExprP ax = parseAll(r, ae);
    if (!ax)
      return false;
    auto v = eval(*ax);
    if (!v)
      return false;
    out.push_back(*v);
    r = ae + 1;
  }
  return true;
}
