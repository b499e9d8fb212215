//===- Expr.cpp - size expressions of task manifests -----------------------===//
#include "kfix/Runtime/Expr.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include <algorithm>
#include <cmath>
#include <cstdlib>

using namespace kfix;
using llvm::StringRef;

std::string Scalar::str() const {
  if (!isFloat)
    return std::to_string(i);
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format("%.17g", f);
  return s;
}

static llvm::Error exprError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg.str());
}

namespace kfix {
/// Recursive descent: expr := term (('+'|'-') term)*; term := unary (('*'|'/'|'%') unary)*;
/// unary := '-' unary | '+' unary | primary; primary := number | name | name '(' args ')' | '('
/// expr ')'.
class ExprParser {
public:
  ExprParser(StringRef s, Expr &e) : s(s), e(e) {}

  llvm::Error run() {
    int r = parseExpr();
    if (r < 0)
      return err();
    skip();
    if (pos != s.size()) {
      fail("unexpected '" + std::string(1, s[pos]) + "'");
      return err();
    }
    e.root = r;
    return llvm::Error::success();
  }

private:
  StringRef s;
  Expr &e;
  size_t pos = 0;
  std::string msg;
  size_t errPos = 0;
  std::vector<unsigned> depths; ///< per node: the height of its subtree
  unsigned nesting = 0;

  llvm::Error err() {
    // A long text is quoted by its start only (the column says where).
    std::string shown = s.size() > 120 ? s.take_front(100).str() + "..." : s.str();
    return exprError("bad expression '" + shown + "': " + msg + " at column " +
                     llvm::Twine(errPos + 1));
  }
  int fail(const std::string &m) {
    if (msg.empty()) {
      msg = m;
      errPos = pos;
    }
    return -1;
  }
  void skip() {
    while (pos < s.size() && llvm::isSpace(s[pos]))
      ++pos;
  }
  bool eat(char c) {
    skip();
    if (pos < s.size() && s[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  int add(Expr::Node n) {
    unsigned d = 1;
    if (n.lhs >= 0)
      d = std::max(d, depths[n.lhs] + 1);
    if (n.rhs >= 0)
      d = std::max(d, depths[n.rhs] + 1);
    // Evaluation recurses once per level of the tree: bound it (a chain of 10^5
    // additions would overflow the stack), as the nesting of the text is.
    if (d > Expr::kMaxDepth)
      return fail("expression too deep (more than " + std::to_string(Expr::kMaxDepth) +
                  " nested operations)");
    e.nodes.push_back(std::move(n));
    depths.push_back(d);
    return static_cast<int>(e.nodes.size()) - 1;
  }
  int bin(Expr::Node::Kind k, int l, int r) {
    Expr::Node n;
    n.kind = k;
    n.lhs = l;
    n.rhs = r;
    return add(n);
  }
  /// Parentheses and unary signs recurse in the parser; bounded like the tree.
  struct Nest {
    ExprParser &p;
    explicit Nest(ExprParser &p) : p(p) { ++p.nesting; }
    ~Nest() { --p.nesting; }
  };
  int parseExpr() {
    int l = parseTerm();
    while (l >= 0) {
      Expr::Node::Kind k;
      if (eat('+'))
        k = Expr::Node::Add;
      else if (eat('-'))
        k = Expr::Node::Sub;
      else
        break;
      int r = parseTerm();
      if (r < 0)
        return -1;
      l = bin(k, l, r);
    }
    return l;
  }
  int parseTerm() {
    int l = parseUnary();
    while (l >= 0) {
      Expr::Node::Kind k;
      if (eat('*'))
        k = Expr::Node::Mul;
      else if (eat('/'))
        k = Expr::Node::Div;
      else if (eat('%'))
        k = Expr::Node::Mod;
      else
        break;
      int r = parseUnary();
      if (r < 0)
        return -1;
      l = bin(k, l, r);
    }
    return l;
  }
  int parseUnary() {
    Nest nest(*this);
    if (nesting > Expr::kMaxDepth)
      return fail("expression nested too deeply (more than " + std::to_string(Expr::kMaxDepth) +
                  " levels of parentheses and signs)");
    if (eat('-')) {
      int x = parseUnary();
      if (x < 0)
        return -1;
      return bin(Expr::Node::Neg, x, -1);
    }
    if (eat('+'))
      return parseUnary();
    return parsePrimary();
  }
  int parsePrimary() {
    skip();
    if (pos >= s.size())
      return fail("expected an operand");
    char c = s[pos];
    if (c == '(') {
      ++pos;
      int x = parseExpr();
      if (x < 0)
        return -1;
      if (!eat(')'))
        return fail("expected ')'");
      return x;
    }
    if (llvm::isDigit(c) || c == '.')
      return parseNumber();
    if (llvm::isAlpha(c) || c == '_') {
      size_t start = pos;
      while (pos < s.size() && (llvm::isAlnum(s[pos]) || s[pos] == '_'))
        ++pos;
      StringRef name = s.slice(start, pos);
      skip();
      if (pos < s.size() && s[pos] == '(') {
        Expr::Node::Kind k;
        if (name == "ceildiv")
          k = Expr::Node::CeilDiv;
        else if (name == "min")
          k = Expr::Node::Min;
        else if (name == "max")
          k = Expr::Node::Max;
        else {
          pos = start;
          return fail("unknown function '" + name.str() + "' (known: ceildiv, min, max)");
        }
        ++pos;
        int a = parseExpr();
        if (a < 0)
          return -1;
        if (!eat(','))
          return fail("expected ',' (" + name.str() + " takes two arguments)");
        int b = parseExpr();
        if (b < 0)
          return -1;
        if (!eat(')'))
          return fail("expected ')' (" + name.str() + " takes two arguments)");
        return bin(k, a, b);
      }
      Expr::Node n;
      n.kind = Expr::Node::Sym;
      n.sym = name.str();
      return add(n);
    }
    return fail("expected an operand, found '" + std::string(1, c) + "'");
  }
  int parseNumber() {
    size_t start = pos;
    bool isFloat = false;
    while (pos < s.size() && llvm::isDigit(s[pos]))
      ++pos;
    if (pos < s.size() && s[pos] == '.') {
      isFloat = true;
      ++pos;
      while (pos < s.size() && llvm::isDigit(s[pos]))
        ++pos;
    }
    if (pos < s.size() && (s[pos] == 'e' || s[pos] == 'E')) {
      size_t save = pos;
      ++pos;
      if (pos < s.size() && (s[pos] == '+' || s[pos] == '-'))
        ++pos;
      if (pos < s.size() && llvm::isDigit(s[pos])) {
        isFloat = true;
        while (pos < s.size() && llvm::isDigit(s[pos]))
          ++pos;
      } else {
        pos = save;
        return fail("malformed exponent");
      }
    }
    StringRef lit = s.slice(start, pos);
    if (lit == ".") {
      pos = start;
      return fail("expected an operand");
    }
    if (pos < s.size() && (llvm::isAlpha(s[pos]) || s[pos] == '_'))
      return fail("malformed number");
    Expr::Node n;
    if (isFloat) {
      n.lit = Scalar::ofFloat(std::strtod(lit.str().c_str(), nullptr));
    } else {
      uint64_t v;
      if (lit.getAsInteger(10, v) || v > uint64_t(INT64_MAX)) {
        pos = start;
        return fail("integer literal out of range");
      }
      n.lit = Scalar::ofInt(static_cast<int64_t>(v));
    }
    return add(n);
  }
};
} // namespace kfix

llvm::Expected<Expr> Expr::parse(StringRef text) {
  Expr e;
  e.src = text.str();
  ExprParser p(e.src, e);
  if (llvm::Error err = p.run())
    return std::move(err);
  return e;
}

Expr Expr::constant(Scalar s) {
  Expr e;
  e.src = s.str();
  Node n;
  n.lit = s;
  e.nodes.push_back(n);
  e.root = 0;
  return e;
}

llvm::Expected<Expr> Expr::fromJSON(const llvm::json::Value &v) {
  if (auto s = v.getAsString())
    return parse(*s);
  if (auto i = v.getAsInteger())
    return constant(Scalar::ofInt(*i));
  if (auto d = v.getAsNumber())
    return constant(Scalar::ofFloat(*d));
  return exprError("expected a number or an expression string");
}

std::vector<std::string> Expr::symbols() const {
  std::vector<std::string> out;
  for (const Node &n : nodes)
    if (n.kind == Node::Sym && std::find(out.begin(), out.end(), n.sym) == out.end())
      out.push_back(n.sym);
  return out;
}

static int64_t wrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
static int64_t wrapSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
static int64_t wrapMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

llvm::Expected<Scalar> Expr::evalNode(int idx, const Bindings &b) const {
  const Node &n = nodes[idx];
  switch (n.kind) {
  case Node::Lit:
    return n.lit;
  case Node::Sym: {
    auto it = b.find(n.sym);
    if (it == b.end())
      return exprError("symbol '" + n.sym + "' is not bound");
    return it->second;
  }
  case Node::Neg: {
    auto x = evalNode(n.lhs, b);
    if (!x)
      return x.takeError();
    return x->isFloat ? Scalar::ofFloat(-x->f) : Scalar::ofInt(wrapSub(0, x->i));
  }
  default:
    break;
  }
  auto l = evalNode(n.lhs, b);
  if (!l)
    return l.takeError();
  auto r = evalNode(n.rhs, b);
  if (!r)
    return r.takeError();
  bool fl = l->isFloat || r->isFloat;
  double x = l->asDouble(), y = r->asDouble();
  int64_t a = l->i, c = r->i;
  auto divZero = [&]() { return exprError("division by zero in '" + src + "'"); };
  switch (n.kind) {
  case Node::Add:
    return fl ? Scalar::ofFloat(x + y) : Scalar::ofInt(wrapAdd(a, c));
  case Node::Sub:
    return fl ? Scalar::ofFloat(x - y) : Scalar::ofInt(wrapSub(a, c));
  case Node::Mul:
    return fl ? Scalar::ofFloat(x * y) : Scalar::ofInt(wrapMul(a, c));
  case Node::Div:
    if (fl)
      return Scalar::ofFloat(x / y);
    if (c == 0)
      return divZero();
    if (c == -1)
      return Scalar::ofInt(wrapSub(0, a));
    return Scalar::ofInt(a / c);
  case Node::Mod:
    if (fl)
      return Scalar::ofFloat(std::fmod(x, y));
    if (c == 0)
      return divZero();
    if (c == -1)
      return Scalar::ofInt(0);
    return Scalar::ofInt(a % c);
  case Node::CeilDiv: {
    if (fl)
      return Scalar::ofFloat(std::ceil(x / y));
    if (c == 0)
      return divZero();
    if (c == -1)
      return Scalar::ofInt(wrapSub(0, a));
    int64_t q = a / c;
    // Round the truncated quotient up when the exact one is positive and inexact.
    if (a % c != 0 && ((a < 0) == (c < 0)))
      ++q;
    return Scalar::ofInt(q);
  }
  case Node::Min:
    return fl ? Scalar::ofFloat(std::fmin(x, y)) : Scalar::ofInt(std::min(a, c));
  case Node::Max:
    return fl ? Scalar::ofFloat(std::fmax(x, y)) : Scalar::ofInt(std::max(a, c));
  default:
    break;
  }
  return exprError("internal: bad expression node");
}

llvm::Expected<Scalar> Expr::eval(const Bindings &b) const {
  if (root < 0)
    return exprError("empty expression");
  return evalNode(root, b);
}

llvm::Expected<int64_t> Expr::evalInt(const Bindings &b) const {
  auto v = eval(b);
  if (!v)
    return v.takeError();
  if (v->isFloat)
    return exprError("'" + src + "' must be an integer, evaluates to " + v->str());
  return v->i;
}
