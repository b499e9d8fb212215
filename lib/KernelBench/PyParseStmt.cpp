//===- PyParseStmt.cpp - statement parser for PyLite -----------------------===//
#include "PyLiteImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace kfix;
using namespace kfix::py;
using namespace kfix::py::detail;
using llvm::StringRef;

Block Parser::parseBlock(bool indented) {
  Block b;
  while (true) {
    Tok::Kind k = cur().kind;
    if (k == Tok::End)
      break;
    if (k == Tok::Dedent) {
      if (indented) {
        ++p;
        break;
      }
      ++p; // stray dedent at top level: ignore
      continue;
    }
    if (k == Tok::Newline || k == Tok::Indent) {
      // An unexpected indent at this level: parse its block as part of this one.
      ++p;
      continue;
    }
    parseStatement(b);
  }
  return b;
}

Block Parser::parseSuite() {
  if (cur().kind == Tok::Newline) {
    ++p;
    if (cur().kind != Tok::Indent)
      return {};
    ++p;
    return parseBlock(/*indented=*/true);
  }
  Block b;
  parseSimpleLine(b);
  return b;
}

bool Parser::seekColon(size_t &colon) {
  int depth = 0;
  for (size_t q = p; q < t.size(); ++q) {
    if (t[q].kind == Tok::Newline || t[q].kind == Tok::End)
      return false;
    if (t[q].kind != Tok::Op)
      continue;
    StringRef o = t[q].text;
    if (o == "(" || o == "[" || o == "{")
      ++depth;
    else if (o == ")" || o == "]" || o == "}")
      --depth;
    else if (o == ":" && depth == 0) {
      colon = q;
      return true;
    }
  }
  return false;
}

void Parser::parseStatement(Block &b) {
  while (isOp("@")) { // decorators
    skipLine();
    if (cur().kind == Tok::Newline)
      ++p;
  }
  eatKw("async");
  const Tok &k = cur();
  if (k.kind == Tok::Name) {
    StringRef w = k.text;
    if (w == "def" || w == "class" || w == "if" || w == "while" || w == "for" ||
        w == "try" || w == "with") {
      b.push_back(parseCompound());
      return;
    }
  }
  parseSimpleLine(b);
}

Stmt Parser::parseCompound() {
  Stmt s;
  s.loc.offset = cur().begin;
  std::string w = cur().text;
  size_t colon;
  if (!seekColon(colon)) {
    s.kind = Stmt::Opaque;
    s.name = "a '" + w + "' header without ':'";
    skipLine();
    if (cur().kind == Tok::Newline)
      ++p;
    return s;
  }
  ++p;
  why.clear();
  bool ok = true;
  if (w == "def") {
    s.kind = Stmt::Def;
    ok = parseDefHeader(s, colon);
  } else if (w == "class") {
    s.kind = Stmt::Class;
    ok = parseClassHeader(s, colon);
  } else if (w == "if" || w == "while") {
    s.kind = w == "if" ? Stmt::If : Stmt::While;
    ok = (s.value = parseTest()) && p == colon;
  } else if (w == "for") {
    s.kind = Stmt::For;
    ExprP target = parseTargetList();
    ok = target && eatKw("in") && (s.value = parseTestList()) && p == colon;
    if (ok)
      s.targets.push_back(target);
  } else if (w == "try") {
    s.kind = Stmt::Try;
    ok = p == colon;
  } else {
    s.kind = Stmt::With;
  }
  if (!ok) {
    s.kind = Stmt::Opaque;
    s.name = "the '" + w + "' header" + (why.empty() ? "" : " (" + why + ")");
  }
  p = colon + 1;
  s.body = parseSuite();
  // Continuation clauses.
  while (cur().kind == Tok::Name &&
         ((s.kind == Stmt::If && (isKw("elif") || isKw("else"))) ||
          ((s.kind == Stmt::For || s.kind == Stmt::While) && isKw("else")) ||
          (s.kind == Stmt::Try && (isKw("except") || isKw("else") || isKw("finally"))))) {
    Stmt c;
    c.kind = s.kind;
    c.loc.offset = cur().begin;
    c.name = cur().text;
    size_t cc;
    if (!seekColon(cc))
      break;
    ++p;
    if (c.name == "elif" && !((c.value = parseTest()) && p == cc))
      c.value = nullptr;
    if (c.name == "except" && p < cc) {
      c.value = parseTest();
      if (c.value && eatKw("as") && cur().kind == Tok::Name)
        c.params.push_back(cur().text);
    }
    p = cc + 1;
    c.body = parseSuite();
    s.clauses.push_back(std::move(c));
  }
  return s;
}

bool Parser::parseDefHeader(Stmt &s, size_t colon) {
  if (cur().kind != Tok::Name)
    return bad("expected a function name");
  s.name = cur().text;
  ++p;
  if (!eatOp("("))
    return bad("expected '('");
  while (!isOp(")")) {
    if (eatOp("*") || eatOp("**")) {
      if (cur().kind == Tok::Name)
        ++p;
    } else if (eatOp("/")) {
    } else {
      if (cur().kind != Tok::Name)
        return bad("expected a parameter name");
      s.params.push_back(cur().text);
      ++p;
      if (eatOp(":") && !parseTest())
        return false;
      ExprP d;
      if (eatOp("=") && !(d = parseTest()))
        return false;
      s.defaults.push_back(d);
    }
    if (!eatOp(","))
      break;
  }
  if (!eatOp(")"))
    return bad("expected ')'");
  p = colon;
  return true;
}

bool Parser::parseClassHeader(Stmt &s, size_t colon) {
  if (cur().kind != Tok::Name)
    return bad("expected a class name");
  s.name = cur().text;
  ++p;
  if (eatOp("(")) {
    while (!isOp(")")) {
      ExprP b = parseTest();
      if (!b)
        return false;
      s.defaults.push_back(b);
      if (!eatOp(","))
        break;
    }
    if (!eatOp(")"))
      return bad("expected ')'");
  }
  return p == colon;
}

void Parser::parseSimpleLine(Block &b) {
  while (true) {
    size_t start = p;
    why.clear();
    Stmt s;
    s.loc.offset = cur().begin;
    if (!parseSimple(s)) {
      p = start;
      s = Stmt();
      s.kind = Stmt::Opaque;
      s.loc.offset = cur().begin;
      s.name = why.empty() ? "a statement" : why;
      // Skip to ';' at depth 0 or the end of the line.
      int depth = 0;
      while (cur().kind != Tok::Newline && cur().kind != Tok::End) {
        if (cur().kind == Tok::Op) {
          StringRef o = cur().text;
          if (o == "(" || o == "[" || o == "{")
            ++depth;
          else if (o == ")" || o == "]" || o == "}")
            --depth;
          else if (o == ";" && depth == 0)
            break;
        }
        ++p;
      }
    }
    b.push_back(std::move(s));
    if (eatOp(";") && cur().kind != Tok::Newline && cur().kind != Tok::End)
      continue;
    if (cur().kind == Tok::Newline)
      ++p;
    else if (cur().kind != Tok::End)
      skipLine();
    return;
  }
}

bool Parser::atStmtEnd() const {
  return cur().kind == Tok::Newline || cur().kind == Tok::End || isOp(";");
}

bool Parser::parseSimple(Stmt &s) {
  if (cur().kind == Tok::Name) {
    StringRef w = cur().text;
    if (w == "pass" || w == "break" || w == "continue") {
      ++p;
      s.kind = Stmt::Pass;
      return atStmtEnd() || bad("expected the end of the statement");
    }
    if (w == "import" || w == "from") {
      s.kind = Stmt::Import;
      skipToStmtEnd();
      return true;
    }
    if (w == "return") {
      ++p;
      s.kind = Stmt::Return;
      if (!atStmtEnd() && !(s.value = parseTestList()))
        return false;
      return atStmtEnd() || bad("unexpected tokens after the returned value");
    }
    if (w == "raise") {
      s.kind = Stmt::Raise;
      skipToStmtEnd();
      return true;
    }
    if (w == "del" || w == "global" || w == "nonlocal" || w == "assert") {
      s.kind = Stmt::Other;
      s.name = w.str();
      skipToStmtEnd();
      return true;
    }
  }
  ExprP first = parseTestList();
  if (!first)
    return false;
  if (atStmtEnd()) {
    s.kind = Stmt::ExprStmt;
    s.value = first;
    return true;
  }
  if (isOp(":")) { // annotated assignment `x: int = 3`
    ++p;
    if (!parseTest())
      return false;
    if (atStmtEnd()) {
      s.kind = Stmt::Other;
      return true;
    }
  }
  if (cur().kind == Tok::Op && cur().text.size() >= 2 && cur().text.back() == '=' &&
      cur().text != "==" && cur().text != "<=" && cur().text != ">=" && cur().text != "!=") {
    s.kind = Stmt::AugAssign;
    s.name = cur().text.substr(0, cur().text.size() - 1);
    ++p;
    s.targets.push_back(first);
    return (s.value = parseTestList()) && (atStmtEnd() || bad("unexpected tokens"));
  }
  if (!isOp("="))
    return bad("unexpected '" + cur().text + "'");
  s.kind = Stmt::Assign;
  ExprP rhs = first;
  while (eatOp("=")) {
    s.targets.push_back(rhs);
    rhs = parseTestList();
    if (!rhs)
      return false;
  }
  s.value = rhs;
  return atStmtEnd() || bad("unexpected tokens after the assigned value");
}

void Parser::skipToStmtEnd() {
  int depth = 0;
  while (cur().kind != Tok::Newline && cur().kind != Tok::End) {
    if (cur().kind == Tok::Op) {
      StringRef o = cur().text;
      if (o == "(" || o == "[" || o == "{")
        ++depth;
      else if (o == ")" || o == "]" || o == "}")
        --depth;
      else if (o == ";" && depth == 0)
        return;
    }
    ++p;
  }
}
