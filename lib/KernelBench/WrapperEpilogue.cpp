//===- WrapperEpilogue.cpp - host arithmetic on kernel results ------------===//
//
// Loss-style wrappers accumulate into a tensor with atomicAdd and finish on the
// host: `return loss / n;`, `loss.div_(n); return loss;`, `return out * (1.0f /
// n);`. Arithmetic between a tensor the kernels wrote and a number becomes the
// output's epilogue in the task (docs/task-format.md), which the runtime applies
// after the candidate's launches. Any other use of such a tensor (a kernel
// reading it, arithmetic between tensors) is an error.
//
//===----------------------------------------------------------------------===//
#include "WrapperInterp.h"

#include "llvm/ADT/StringSwitch.h"

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;

static std::string describe(const std::vector<EpiRec> &ops) {
  std::string s;
  for (const EpiRec &r : ops)
    s += (s.empty() ? "" : ", ") + epilogueKindName(r.kind).str() + " " + print(r.value);
  return s;
}

/// Whether `b` may take host arithmetic: a buffer the wrapper (or forward)
/// made and a kernel wrote.
static std::string unsuitable(const Buf &b) {
  if (b.origin != Buf::Created)
    return "'" + b.name + "' is " + (b.origin == Buf::Input ? "an input" : "a weight") +
           ", not a result of the candidate's kernels";
  if (!b.written)
    return "no kernel has written '" + b.name + "' yet";
  if (b.dtypeKnown && !isFloat(b.dtype))
    return "'" + b.name + "' holds " + dtypeName(b.dtype).str() +
           " values (the task's epilogues apply to float outputs)";
  return "";
}

std::optional<WVal> Interp::hostArith(const cpp::Expr &x, const WVal &a, const WVal &b) {
  StringRef op = x.text;
  if (a.kind == WVal::Tensor && b.kind == WVal::Tensor)
    return failV(x.at, "arithmetic between two tensors in the wrapper (a torch op the task "
                       "cannot express)");
  bool tensorLeft = a.kind == WVal::Tensor;
  const WVal &t = tensorLeft ? a : b, &k = tensorLeft ? b : a;
  if (!isNum(k))
    return failV(x.at, "arithmetic on a tensor and something that is not a number");
  if (std::string why = unsuitable(buf(t.buf)); !why.empty())
    return failV(x.at, "host arithmetic '" + op.str() + "' on a tensor: " + why);
  WVal r = t;
  auto push = [&](EpilogueOp::Kind kind, SymP v) { r.epi.push_back({kind, std::move(v)}); };
  if (op == "/" && tensorLeft)
    push(EpilogueOp::div, k.s);
  else if (op == "*")
    push(EpilogueOp::mul, k.s);
  else if (op == "+")
    push(EpilogueOp::add, k.s);
  else if (op == "-" && tensorLeft)
    push(EpilogueOp::sub, k.s);
  else if (op == "-") { // k - t = (t * -1) + k, exact in floating point
    push(EpilogueOp::mul, lit(-1));
    push(EpilogueOp::add, k.s);
  } else
    return failV(x.at, "host arithmetic '" + op.str() + "' with the tensor on the " +
                           (tensorLeft ? "left" : "right") +
                           " (the task's epilogues divide, multiply, add and subtract a "
                           "number)");
  if (r.epi.size() > 8)
    return failV(x.at, "too much host arithmetic on one tensor");
  return r;
}

bool Interp::isHostArithMethod(StringRef m) {
  m.consume_back("_");
  return m == "div" || m == "divide" || m == "true_divide" || m == "mul" ||
         m == "multiply" || m == "add" || m == "sub" || m == "subtract";
}

std::optional<WVal> Interp::hostArithMethod(const cpp::Expr &x, const cpp::Expr &member,
                                            const WVal &base, const std::vector<WVal> &args) {
  StringRef m = member.text;
  bool inPlace = m.consume_back("_");
  if (args.size() != 1)
    return failV(x.at, "'" + member.text + "' with " + std::to_string(args.size()) +
                           " arguments (the importer reads one number: alpha and rounding "
                           "modes are not supported)");
  if (!isNum(args[0]))
    return failV(x.at, "'" + member.text + "' of a tensor by something that is not a number");
  EpilogueOp::Kind kind = llvm::StringSwitch<EpilogueOp::Kind>(m)
                              .Cases({"div", "divide", "true_divide"}, EpilogueOp::div)
                              .Cases({"mul", "multiply"}, EpilogueOp::mul)
                              .Case("add", EpilogueOp::add)
                              .Default(EpilogueOp::sub);
  if (std::string why = unsuitable(buf(base.buf)); !why.empty())
    return failV(x.at, "host arithmetic '" + member.text + "' on a tensor: " + why);
  WVal r = base;
  if (!inPlace || !base.epi.empty()) {
    // A new tensor (or, in place, one the host computed already: `y = t / n;
    // y.mul_(2);` changes y, not the buffer).
    r.epi.push_back({kind, args[0].s});
    if (inPlace) {
      const cpp::Expr &obj = *member.kids[0];
      if (obj.kind != cpp::Expr::Ident || !vars.count(obj.text))
        return failV(x.at, "in-place host arithmetic on a tensor computed on the host");
      vars[obj.text] = r;
    }
    return r;
  }
  // In place on the kernels' buffer: every later use sees the new values.
  Buf &b = task.bufs[base.buf];
  if (b.epilogue.empty())
    b.epilogueWhere = u.src.where(x.at);
  b.epilogue.push_back({kind, args[0].s});
  return r;
}

bool Interp::checkNoEpilogue(const WVal &v, size_t at) {
  if (v.kind != WVal::Tensor)
    return true;
  const Buf &b = buf(v.buf);
  if (!v.epi.empty())
    return fail(at, "a kernel would read a tensor the host computed (" + describe(v.epi) +
                        " of '" + b.name + "'), which the task cannot express");
  if (!b.epilogue.empty())
    return fail(at, "a kernel would read '" + b.name + "' after host arithmetic on it (" +
                        describe(b.epilogue) + " at " + b.epilogueWhere +
                        "), which the task cannot express");
  return true;
}

bool Interp::finishReturn(size_t at) {
  for (const WVal &r : rets) {
    if (r.kind != WVal::Tensor || r.epi.empty())
      continue;
    // The same buffer returned with other arithmetic cannot be one output.
    for (const WVal &o : rets)
      if (&o != &r && o.kind == WVal::Tensor && o.buf == r.buf) {
        bool same = o.epi.size() == r.epi.size();
        for (size_t i = 0; same && i < o.epi.size(); ++i)
          same = o.epi[i].kind == r.epi[i].kind && kb::same(o.epi[i].value, r.epi[i].value);
        if (!same)
          return fail(at, "'" + buf(r.buf).name + "' is returned twice, with different host "
                          "arithmetic");
      }
  }
  for (WVal &r : rets) {
    if (r.kind != WVal::Tensor || r.epi.empty())
      continue;
    Buf &b = task.bufs[r.buf];
    if (b.epilogue.empty())
      b.epilogueWhere = u.src.where(at);
    b.epilogue.insert(b.epilogue.end(), r.epi.begin(), r.epi.end());
    // Returned twice: the buffer gets the arithmetic once.
    for (WVal &o : rets)
      if (o.kind == WVal::Tensor && o.buf == r.buf)
        o.epi.clear();
  }
  return true;
}

std::optional<WVal> Interp::squeezeView(const cpp::Expr &x, const WVal &base, bool unsqueeze,
                                        const std::vector<WVal> &args) {
  std::vector<SymP> sh = shapeOf(base);
  if (args.size() > 1 || (unsqueeze && args.empty()))
    return failV(x.at, std::string(unsqueeze ? "unsqueeze" : "squeeze") +
                           "() with more than one dimension");
  // Dimensions that are 1 at every task size (sizes the task varies stay >= 3).
  auto isOne = [&](const SymP &d) {
    auto c = fixedInt(d, symbolValues);
    return c && *c == 1;
  };
  if (unsqueeze) {
    auto d = dimIndex(args[0], sh.size() + 1, x.at);
    if (!d)
      return std::nullopt;
    sh.insert(sh.begin() + *d, lit(1));
  } else if (args.empty()) {
    sh.erase(std::remove_if(sh.begin(), sh.end(), isOne), sh.end());
  } else {
    auto d = dimIndex(args[0], sh.size(), x.at);
    if (!d)
      return std::nullopt;
    if (isOne(sh[*d]))
      sh.erase(sh.begin() + *d);
  }
  WVal r = base;
  // An empty view list stands for the buffer's own shape: a 0-d view of a
  // one-element buffer is that buffer (outputs compare element by element).
  r.list = sh;
  return r;
}
