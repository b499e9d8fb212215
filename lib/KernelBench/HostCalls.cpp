//===- HostCalls.cpp - wrapper calls to other host functions ---------------===//
//
// Wrappers often hand the work to a host function of the sources: a launcher
// with raw pointer parameters in the CUDA source, called from a wrapper in
// cpp_sources,
//
//   void launch_k(const float* x, float* y, int n, cudaStream_t s) { k<<<...>>>(...); }
//   torch::Tensor f(torch::Tensor x) { ...; launch_k(x.data_ptr<float>(), ...); }
//
// or a helper computing a value over several statements. Such a call runs the
// callee's body in a nested interpreter with its parameters bound to the
// caller's values (tensors, data pointers, numbers converted to the parameter
// types); launches inside it are the task's launches, and what it returns is the
// call's value. One-`return` helpers keep being read like macros (WrapperEval.cpp).
//
//===----------------------------------------------------------------------===//
#include "WrapperInterp.h"

#include "llvm/ADT/StringExtras.h"

using namespace kfix;
using namespace kfix::kb;
using namespace kfix::kb::detail;
using llvm::StringRef;

namespace {
constexpr int kMaxHostDepth = 8;

const cpp::Function *hostIn(const CudaUnit &u, StringRef name) {
  StringRef base = name.contains("::") ? name.rsplit("::").second : name;
  for (const cpp::Function &f : u.fns)
    if (!f.isGlobal && !f.isDevice && (f.name == name || f.name == base))
      return &f;
  return nullptr;
}
} // namespace

const cpp::Function *Interp::findHost(StringRef name, const CudaUnit *&unit) const {
  if (const cpp::Function *f = hostIn(u, name)) {
    unit = &u;
    return f;
  }
  for (const CudaUnit *l : linked)
    if (const cpp::Function *f = l ? hostIn(*l, name) : nullptr) {
      unit = l;
      return f;
    }
  return nullptr;
}

std::optional<WVal> Interp::callHost(const cpp::Expr &x, const cpp::Function &f,
                                     const CudaUnit &unit, const std::vector<WVal> &args) {
  if (hostDepth >= kMaxHostDepth)
    return failV(x.at, "host function calls nested more than " +
                           std::to_string(kMaxHostDepth) + " deep in the wrapper");
  if (f.params.size() != args.size())
    return failV(x.at, "'" + f.name + "' takes " + std::to_string(f.params.size()) +
                           " arguments, the call passes " + std::to_string(args.size()));
  Interp sub(task, unit, symbolValues);
  sub.hostDepth = hostDepth + 1;
  sub.linked = linked;
  if (&unit != &u)
    sub.linked.push_back(&u);
  for (size_t i = 0; i < args.size(); ++i) {
    const cpp::Param &p = f.params[i];
    StringRef ty(p.type);
    const WVal &a = args[i];
    if (ty.contains("Tensor")) {
      if (a.kind != WVal::Tensor)
        return failV(x.kids[i + 1]->at, "parameter '" + p.name + "' of '" + f.name +
                                            "' is a tensor; the call passes something else");
      sub.vars[p.name] = a;
      continue;
    }
    // The base type, without qualifiers: `const float* __restrict__` -> float.
    std::string base;
    bool pointer = ty.contains('*');
    std::string spaced = ty.str();
    for (char &c : spaced)
      if (c == '*' || c == '&')
        c = ' ';
    for (StringRef w : llvm::split(spaced, ' '))
      if (!w.empty() && w != "const" && w != "volatile" && w != "__restrict__" &&
          w != "__restrict" && w != "restrict")
        base += (base.empty() ? "" : " ") + w.str();
    std::optional<WVal> v = convert(a, base, pointer, x.kids[i + 1]->at);
    if (!v)
      return std::nullopt;
    sub.vars[p.name] = *v;
  }
  if (!sub.execRange(f.bodyTok + 1, f.bodyEndTok)) {
    if (error.empty())
      error = sub.error;
    return std::nullopt;
  }
  if (sub.rets.empty())
    return WVal();
  if (sub.rets.size() > 1)
    return failV(x.at, "'" + f.name + "' returns several values to the wrapper");
  return sub.rets[0];
}
