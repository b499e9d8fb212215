//===- Sym.h - symbolic sizes of the KernelBench importer -------*- C++ -*-===//
//
// Integer (and float) expressions over size symbols, folded as they are built,
// printed in the syntax of task-manifest expressions (include/kfix/Runtime/Expr.h).
// The ceil-division idioms `(n + b - 1) / b` become `ceildiv(n, b)`.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_KERNELBENCH_SYM_H
#define KFIX_LIB_KERNELBENCH_SYM_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kfix::kb {

struct Sym;
using SymP = std::shared_ptr<const Sym>;

struct Sym {
  enum Kind { Lit, FLit, Var, Neg, Add, Sub, Mul, Div, Mod, CeilDiv, Min, Max } kind = Lit;
  int64_t v = 0;
  double f = 0;
  std::string name;
  SymP a, b;
  bool isFloat() const;
};

SymP lit(int64_t v);
SymP flit(double f);
SymP var(const std::string &name);
SymP neg(SymP a);
/// Builds `a OP b`, folding constants and recognising ceil divisions.
SymP bin(Sym::Kind k, SymP a, SymP b);
std::optional<int64_t> constInt(const SymP &s);
bool same(const SymP &x, const SymP &y);
/// Manifest expression text.
std::string print(const SymP &s);
/// Evaluates with C integer semantics; nullopt on an unbound symbol or division by zero.
std::optional<double> evalSym(const SymP &s, const llvm::StringMap<int64_t> &env);
/// Size symbols whose value is at most this are never changed by the task's sizes
/// (axes, kernel sizes, init arguments such as `dim = 1`).
constexpr int64_t kFixedSymbolMax = 8;
/// The value of `s` when it is the same at every task size: a constant, or an
/// expression over symbols whose values in `env` are at most kFixedSymbolMax.
std::optional<int64_t> fixedInt(const SymP &s, const llvm::StringMap<int64_t> *env);
/// The integer comparison `l OP r` (OP one of < <= > >= == !=) as an exact 0/1
/// expression (the indicator min(max(d, 0), 1) of an integer difference d);
/// null for another operator.
SymP compareSym(llvm::StringRef op, const SymP &l, const SymP &r);
/// `l OP r` of known values for OP one of < <= > >= == !=; nullopt for another
/// operator.
template <typename T>
std::optional<bool> compareValues(llvm::StringRef op, T l, T r) {
  if (op == "<")
    return l < r;
  if (op == "<=")
    return l <= r;
  if (op == ">")
    return l > r;
  if (op == ">=")
    return l >= r;
  if (op == "==")
    return l == r;
  if (op == "!=")
    return l != r;
  return std::nullopt;
}
/// 1 when the integer `a` is not zero, else 0.
SymP nonZeroSym(const SymP &a);
/// Adds every symbol name of `s` to `out` (first use first).
void symbolsOf(const SymP &s, std::vector<std::string> &out);

} // namespace kfix::kb

#endif
