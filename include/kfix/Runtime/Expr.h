//===- Expr.h - size expressions of task manifests ------------*- C++ -*-===//
//
// `R*C`, `ceildiv(N,256)`, `0.5*D`: integer and float literals, size symbols,
// + - * / %, unary minus, parentheses, ceildiv/min/max. Arithmetic follows C:
// int/int truncates toward zero, % takes the dividend's sign, a float operand
// makes the operation float. Integers are 64-bit and wrap.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_EXPR_H
#define KFIX_RUNTIME_EXPR_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace kfix {

/// An integer or a float value.
struct Scalar {
  bool isFloat = false;
  int64_t i = 0;
  double f = 0;
  static Scalar ofInt(int64_t v) {
    Scalar s;
    s.i = v;
    return s;
  }
  static Scalar ofFloat(double v) {
    Scalar s;
    s.isFloat = true;
    s.f = v;
    return s;
  }
  double asDouble() const { return isFloat ? f : static_cast<double>(i); }
  std::string str() const;
  bool operator==(const Scalar &o) const {
    return isFloat == o.isFloat && (isFloat ? f == o.f : i == o.i);
  }
};

/// One `sizes` entry: symbol -> value.
using Bindings = llvm::StringMap<Scalar>;

class Expr {
public:
  Expr() = default;
  /// The deepest expression accepted (operations nested in one another, and
  /// parentheses/signs nested in the text); deeper ones are a parse error.
  static constexpr unsigned kMaxDepth = 200;
  /// Parses an expression string; errors say what is wrong at which column.
  static llvm::Expected<Expr> parse(llvm::StringRef text);
  /// A JSON number (an integral number is an integer literal) or a string expression.
  static llvm::Expected<Expr> fromJSON(const llvm::json::Value &v);
  static Expr constant(Scalar s);

  /// Evaluates under `b`; errors on unbound symbols and integer division by zero.
  llvm::Expected<Scalar> eval(const Bindings &b) const;
  /// Evaluates and requires an integer result.
  llvm::Expected<int64_t> evalInt(const Bindings &b) const;
  /// Every symbol the expression uses, in order of first use.
  std::vector<std::string> symbols() const;
  /// The source text (or the number as written).
  const std::string &text() const { return src; }
  bool empty() const { return nodes.empty(); }

  struct Node {
    enum Kind { Lit, Sym, Neg, Add, Sub, Mul, Div, Mod, CeilDiv, Min, Max } kind = Lit;
    Scalar lit;
    std::string sym;
    int lhs = -1, rhs = -1;
  };

private:
  std::string src;
  std::vector<Node> nodes;
  int root = -1;
  friend class ExprParser;
  llvm::Expected<Scalar> evalNode(int n, const Bindings &b) const;
};

} // namespace kfix

#endif
