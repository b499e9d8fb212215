//===- WrapperAccessor.cpp - PyTorch tensor accessors in the wrapper -------===//
//
// `t.packed_accessor32<T, N, torch::RestrictPtrTraits>()` (also
// `packed_accessor64`, `packed_accessor`, `generic_packed_accessor`) passed to
// a kernel parameter of an accessor type names the buffer of `t`, like
// `t.data_ptr<T>()` does; the lifted kernel sees it as an N-D memref of the
// buffer's shape, so the accessor's rank must be the tensor's and the tensor
// must not be a view of another shape. `t.accessor<T, N>()` is a host-side
// accessor (CPU tensors): no kernel can take it.
//
//===----------------------------------------------------------------------===//
#include "WrapperInterp.h"

#include "llvm/ADT/StringExtras.h"

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using llvm::StringRef;

bool Interp::isAccessorMethod(StringRef m) {
  return m == "packed_accessor32" || m == "packed_accessor64" || m == "packed_accessor" ||
         m == "generic_packed_accessor" || m == "accessor";
}

bool Interp::isAccessorType(StringRef type) { return type.contains("TensorAccessor"); }

/// Splits template arguments at top-level commas.
static std::vector<std::string> splitTemplateArgs(StringRef s) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  for (char c : s) {
    if (c == '<' || c == '(')
      ++depth;
    else if (c == '>' || c == ')')
      --depth;
    if (c == ',' && depth == 0) {
      out.push_back(StringRef(cur).trim().str());
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!StringRef(cur).trim().empty())
    out.push_back(StringRef(cur).trim().str());
  return out;
}

std::optional<WVal> Interp::evalAccessor(const cpp::Expr &x, const cpp::Expr &member,
                                         const WVal &base) {
  StringRef m = member.text;
  if (m == "accessor")
    return failV(x.at, "'accessor' gives a host-side TensorAccessor (CPU tensors): a kernel "
                       "takes packed_accessor32/packed_accessor64");
  std::vector<std::string> targs = splitTemplateArgs(member.targs);
  if (targs.size() < 2)
    return failV(x.at, "'" + m.str() + "' needs its element type and rank as template "
                       "arguments");
  WVal a;
  a.kind = WVal::Accessor;
  a.buf = base.buf;
  std::string ty = targs[0];
  if (auto it = typeAlias.find(ty); it != typeAlias.end())
    ty = it->second;
  auto dt = dtypeOfCType(ty);
  if (!dt)
    return failV(x.at, "unsupported accessor element type '" + targs[0] + "'");
  a.dt = *dt;
  a.dtKnown = true;
  int64_t rank = 0;
  if (StringRef(targs[1]).getAsInteger(10, rank)) {
    auto mac = u.macros.find(targs[1]);
    if (mac == u.macros.end() || StringRef(mac->second).trim().getAsInteger(10, rank))
      return failV(x.at, "the accessor's rank '" + targs[1] + "' is not a number");
  }
  std::vector<SymP> sh = shapeOf(base);
  if (rank < 1 || rank != int64_t(sh.size()))
    return failV(x.at, "a rank-" + std::to_string(rank) + " accessor of a tensor with " +
                           std::to_string(sh.size()) + " dimensions");
  const Buf &b = buf(base.buf);
  if (b.shape.size() != sh.size())
    return failV(x.at, "an accessor of a view with another shape than its tensor's");
  for (size_t i = 0; i < sh.size(); ++i)
    if (print(sh[i]) != print(b.shape[i]))
      return failV(x.at, "an accessor of a view with another shape than its tensor's");
  a.rank = int(rank);
  return a;
}

size_t Interp::skipTemplateArgs(size_t q, size_t e) const {
  if (q == 0 || q >= e || t[q].text != "<" || t[q - 1].kind != Tok::Ident)
    return q;
  StringRef name = t[q - 1].text;
  if (!isAccessorMethod(name) && !isAccessorType(name))
    return q;
  int depth = 0;
  for (size_t r = q; r < e; ++r) {
    StringRef x = t[r].text;
    if (x == "<")
      ++depth;
    else if (x == ">" || x == ">>")
      depth -= int(x.size());
    else if (x == ";" || x == "{" || x == "}")
      return q;
    if (depth <= 0)
      return r;
  }
  return q;
}

bool Interp::bindAccessorArg(const cpp::Param &kp, const WVal &a, const std::string &kernel,
                             size_t at, LaunchRec &l) {
  if (!isAccessorType(kp.type))
    return fail(at, "parameter '" + kp.name + "' of kernel '" + kernel +
                        "' is not a tensor accessor but the launch passes one");
  // The parameter's rank: the second template argument of its type.
  StringRef ty = kp.type;
  size_t lt = ty.find('<'), gt = ty.rfind('>');
  if (lt != StringRef::npos && gt != StringRef::npos && gt > lt) {
    std::vector<std::string> targs = splitTemplateArgs(ty.slice(lt + 1, gt));
    int64_t rank = 0;
    if (targs.size() >= 2 && !StringRef(targs[1]).getAsInteger(10, rank) && rank != a.rank)
      return fail(at, "parameter '" + kp.name + "' of kernel '" + kernel + "' is a rank-" +
                          std::to_string(rank) + " accessor, the launch passes rank " +
                          std::to_string(a.rank));
    if (!targs.empty()) {
      std::string et = targs[0];
      StringRef e = StringRef(et);
      e.consume_front("const ");
      std::string es = e.trim().str();
      if (auto it = typeAlias.find(es); it != typeAlias.end())
        es = it->second;
      if (auto kdt = dtypeOfCType(es); kdt && *kdt != a.dt)
        return fail(at, "parameter '" + kp.name + "' of kernel '" + kernel + "' reads " +
                            dtypeName(*kdt).str() + " elements, the accessor holds " +
                            dtypeName(a.dt).str());
    }
  }
  Buf &b = task.bufs[a.buf];
  if (b.dtypeKnown && b.dtype != a.dt && b.origin != Buf::Created)
    return fail(at, "argument '" + kp.name + "' reads '" + b.name + "' as " +
                        dtypeName(a.dt).str() + " but it holds " + dtypeName(b.dtype).str());
  b.dtype = a.dt;
  b.dtypeKnown = true;
  if (!ty.starts_with("const") && !ty.contains(" const"))
    b.written = true;
  l.params.push_back(b.name);
  return true;
}
