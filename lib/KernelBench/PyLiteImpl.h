//===- PyLiteImpl.h - tokenizer and parser classes of PyLite ----*- C++ -*-===//
//
// Private to lib/KernelBench: the token stream and the Lexer/Parser classes that
// py::parseModule drives, split over PyLite.cpp, PyLexer.cpp, PyParseStmt.cpp and
// PyParseExpr.cpp.
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_KERNELBENCH_PYLITEIMPL_H
#define KFIX_LIB_KERNELBENCH_PYLITEIMPL_H

#include "kfix/KernelBench/PyLite.h"

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace kfix::py::detail {
using llvm::StringRef;

struct Tok {
  enum Kind { Name, Number, String, Op, Newline, Indent, Dedent, End } kind = End;
  size_t begin = 0, end = 0;
  std::string text;
  StrPiece str;
};

class Lexer {
public:
  Lexer(const Module &m) : m(m), s(m.text) {}
  std::string error;
  size_t errorAt = 0;
  std::vector<Tok> toks;

  bool run();

private:
  const Module &m;
  const std::string &s;

  bool fail(size_t at, const std::string &msg) {
    error = m.where(at) + ": error: " + msg;
    errorAt = at;
    return false;
  }

  bool lexString(size_t begin, size_t quotePos);
};

/// Raised (as a false return) when an expression does not parse; the statement
/// parser then turns the whole logical line into an Opaque statement.
class Parser {
public:
  Parser(const Module &m, std::vector<Tok> &toks) : m(m), t(toks) {}

  Block parseFile() { return parseBlock(/*indented=*/false); }

private:
  const Module &m;
  std::vector<Tok> &t;
  size_t p = 0;
  std::string why; ///< the first reason an expression did not parse

  const Tok &cur() const { return t[std::min(p, t.size() - 1)]; }
  bool isOp(StringRef o) const { return cur().kind == Tok::Op && cur().text == o; }
  bool isKw(StringRef k) const { return cur().kind == Tok::Name && cur().text == k; }
  bool eatOp(StringRef o) {
    if (!isOp(o))
      return false;
    ++p;
    return true;
  }
  bool eatKw(StringRef k) {
    if (!isKw(k))
      return false;
    ++p;
    return true;
  }
  bool bad(const std::string &msg) {
    if (why.empty())
      why = msg;
    return false;
  }

  static ExprP mk(Expr::Kind k, size_t at) {
    auto e = std::make_shared<Expr>();
    e->kind = k;
    e->loc.offset = at;
    return e;
  }

  /// Skips to the end of the logical line (leaving the Newline).
  void skipLine() {
    while (cur().kind != Tok::Newline && cur().kind != Tok::End)
      ++p;
  }

  Block parseBlock(bool indented);

  /// Parses a suite after a header's ':'.
  Block parseSuite();

  /// Finds the header-ending ':' at bracket depth 0 on this logical line.
  bool seekColon(size_t &colon);

  void parseStatement(Block &b);

  Stmt parseCompound();

  bool parseDefHeader(Stmt &s, size_t colon);

  bool parseClassHeader(Stmt &s, size_t colon);

  /// One logical line of simple statements separated by ';'.
  void parseSimpleLine(Block &b);

  bool atStmtEnd() const;

  bool parseSimple(Stmt &s);

  void skipToStmtEnd();

  // Expressions ----------------------------------------------------------------

  ExprP parseTargetList();

  ExprP parseTestList();

  ExprP parseTest();

  /// A left-associative chain of `operand (op operand)*`, for 'or' and 'and'.
  ExprP parseBoolChain(bool noIn, StringRef op, ExprP (Parser::*operand)(bool));

  ExprP parseOr(bool noIn) { return parseBoolChain(noIn, "or", &Parser::parseAnd); }

  ExprP parseAnd(bool noIn) { return parseBoolChain(noIn, "and", &Parser::parseNot); }

  ExprP parseNot(bool noIn);

  ExprP parseCompare(bool noIn);

  static int precedence(StringRef o);

  ExprP parseBinary(int minPrec);

  ExprP parseUnary();

  ExprP parsePostfix();

  /// Skips the rest of a bracket group (after its opening token was eaten).
  bool skipGroup();

  bool parseArgs(Expr &call);

  bool parseSubscript(Expr &sub);

  ExprP parseAtom();
};
} // namespace kfix::py::detail

#endif // KFIX_LIB_KERNELBENCH_PYLITEIMPL_H
