//===- PyLite.cpp - tokenizer and parser for the KernelBench Python subset -===//
#include "kfix/KernelBench/PyLite.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace kfix;
using namespace kfix::py;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Module helpers
//===----------------------------------------------------------------------===//

void Module::lineCol(size_t offset, unsigned &line, unsigned &col) const {
  auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
  size_t idx = it == lineStarts.begin() ? 0 : (it - lineStarts.begin()) - 1;
  line = static_cast<unsigned>(idx + 1);
  col = static_cast<unsigned>(offset - (lineStarts.empty() ? 0 : lineStarts[idx]) + 1);
}

std::string Module::where(size_t offset) const {
  unsigned l, c;
  lineCol(offset, l, c);
  return path + ":" + std::to_string(l) + ":" + std::to_string(c);
}

std::string Expr::str() const {
  std::string s;
  for (const StrPiece &p : pieces)
    s += p.value;
  return s;
}

const Stmt *py::findClass(const Block &b, StringRef name) {
  for (const Stmt &s : b)
    if (s.kind == Stmt::Class && s.name == name)
      return &s;
  return nullptr;
}

const Stmt *py::findDef(const Block &b, StringRef name) {
  for (const Stmt &s : b)
    if (s.kind == Stmt::Def && s.name == name)
      return &s;
  return nullptr;
}

std::string py::dottedName(const Expr &e) {
  if (e.kind == Expr::Name)
    return e.text;
  if (e.kind == Expr::Attr && !e.args.empty()) {
    std::string base = dottedName(*e.args[0]);
    return base.empty() ? "" : base + "." + e.text;
  }
  return "";
}

const Expr *py::keyword(const Expr &call, StringRef name) {
  for (const auto &[k, v] : call.kwargs)
    if (k == name)
      return v.get();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Tokenizer
//===----------------------------------------------------------------------===//

namespace {
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

  bool run() {
    std::vector<size_t> indents = {0};
    int depth = 0;
    size_t i = 0;
    bool lineStart = true;
    while (i < s.size()) {
      if (lineStart && depth == 0) {
        // Measure indentation; skip blank and comment-only lines.
        size_t j = i, width = 0;
        while (j < s.size() && (s[j] == ' ' || s[j] == '\t' || s[j] == '\f')) {
          width = s[j] == '\t' ? (width / 8 + 1) * 8 : width + 1;
          ++j;
        }
        if (j >= s.size())
          break;
        if (s[j] == '\n' || s[j] == '\r' || s[j] == '#') {
          while (j < s.size() && s[j] != '\n')
            ++j;
          i = j + 1;
          continue;
        }
        lineStart = false;
        if (width > indents.back()) {
          indents.push_back(width);
          toks.push_back({Tok::Indent, j, j, "", {}});
        } else {
          while (width < indents.back()) {
            indents.pop_back();
            toks.push_back({Tok::Dedent, j, j, "", {}});
          }
          if (width != indents.back())
            return fail(j, "unindent does not match any outer indentation level");
        }
        i = j;
      }
      char c = s[i];
      if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
        ++i;
        continue;
      }
      if (c == '#') {
        while (i < s.size() && s[i] != '\n')
          ++i;
        continue;
      }
      if (c == '\\' && i + 1 < s.size() && (s[i + 1] == '\n' || s[i + 1] == '\r')) {
        i += 2;
        if (i < s.size() && s[i - 1] == '\r' && s[i] == '\n')
          ++i;
        continue;
      }
      if (c == '\n') {
        if (depth == 0) {
          if (!toks.empty() && toks.back().kind != Tok::Newline)
            toks.push_back({Tok::Newline, i, i + 1, "", {}});
          lineStart = true;
        }
        ++i;
        continue;
      }
      // String literals, with their prefixes.
      size_t p = i;
      while (p < s.size() && p - i < 3 && llvm::isAlpha(s[p]) &&
             StringRef("rRbBuUfF").contains(s[p]))
        ++p;
      if (p < s.size() && (s[p] == '"' || s[p] == '\'')) {
        if (!lexString(i, p))
          return false;
        i = toks.back().end;
        continue;
      }
      if (llvm::isAlpha(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80) {
        size_t j = i;
        while (j < s.size() && (llvm::isAlnum(s[j]) || s[j] == '_' ||
                                static_cast<unsigned char>(s[j]) >= 0x80))
          ++j;
        toks.push_back({Tok::Name, i, j, s.substr(i, j - i), {}});
        i = j;
        continue;
      }
      if (llvm::isDigit(c) || (c == '.' && i + 1 < s.size() && llvm::isDigit(s[i + 1]))) {
        size_t j = i;
        while (j < s.size() &&
               (llvm::isAlnum(s[j]) || s[j] == '_' || s[j] == '.' ||
                ((s[j] == '+' || s[j] == '-') && (s[j - 1] == 'e' || s[j - 1] == 'E') &&
                 !StringRef(s).substr(i, 2).equals_insensitive("0x"))))
          ++j;
        toks.push_back({Tok::Number, i, j, s.substr(i, j - i), {}});
        i = j;
        continue;
      }
      static const char *ops3[] = {"**=", "//=", ">>=", "<<=", "...", nullptr};
      static const char *ops2[] = {"**", "//", "==", "!=", "<=", ">=", "<<", ">>", "->", "+=",
                                   "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", ":=",
                                   nullptr};
      size_t len = 1;
      for (const char **o = ops3; *o; ++o)
        if (StringRef(s).substr(i).starts_with(*o))
          len = 3;
      if (len == 1)
        for (const char **o = ops2; *o; ++o)
          if (StringRef(s).substr(i).starts_with(*o))
            len = 2;
      if (len == 1 && !StringRef("()[]{}:,;.+-*/%@=<>&|^~!").contains(c))
        return fail(i, std::string("unexpected character '") + c + "'");
      if (len == 1 && (c == '(' || c == '[' || c == '{'))
        ++depth;
      if (len == 1 && (c == ')' || c == ']' || c == '}') && depth > 0)
        --depth;
      toks.push_back({Tok::Op, i, i + len, s.substr(i, len), {}});
      i += len;
    }
    if (!toks.empty() && toks.back().kind != Tok::Newline)
      toks.push_back({Tok::Newline, s.size(), s.size(), "", {}});
    while (indents.size() > 1) {
      indents.pop_back();
      toks.push_back({Tok::Dedent, s.size(), s.size(), "", {}});
    }
    toks.push_back({Tok::End, s.size(), s.size(), "", {}});
    return true;
  }

private:
  const Module &m;
  const std::string &s;

  bool fail(size_t at, const std::string &msg) {
    error = m.where(at) + ": error: " + msg;
    errorAt = at;
    return false;
  }

  bool lexString(size_t begin, size_t quotePos) {
    StrPiece p;
    p.begin = begin;
    for (size_t k = begin; k < quotePos; ++k) {
      char c = llvm::toLower(s[k]);
      p.raw |= c == 'r';
      p.isBytes |= c == 'b';
      p.isFormat |= c == 'f';
    }
    p.quote = s[quotePos];
    p.triple = s.compare(quotePos, 3, std::string(3, p.quote)) == 0;
    size_t q = p.triple ? 3 : 1;
    size_t i = quotePos + q;
    p.bodyBegin = i;
    auto closes = [&](size_t at) {
      return p.triple ? s.compare(at, 3, std::string(3, p.quote)) == 0 : s[at] == p.quote;
    };
    while (true) {
      if (i >= s.size() || (!p.triple && s[i] == '\n'))
        return fail(begin, "unterminated string literal");
      if (closes(i))
        break;
      if (s[i] == '\\' && i + 1 < s.size()) {
        if (p.raw) {
          // A raw string keeps the backslash and the escaped character.
          p.value += s[i];
          p.srcOff.push_back(i);
          p.value += s[i + 1];
          p.srcOff.push_back(i + 1);
          i += 2;
          continue;
        }
        char e = s[i + 1];
        size_t start = i;
        i += 2;
        switch (e) {
        case '\n':
          continue; // line continuation inside the string
        case 'n': p.value += '\n'; break;
        case 't': p.value += '\t'; break;
        case 'r': p.value += '\r'; break;
        case '\\': p.value += '\\'; break;
        case '\'': p.value += '\''; break;
        case '"': p.value += '"'; break;
        case 'a': p.value += '\a'; break;
        case 'b': p.value += '\b'; break;
        case 'f': p.value += '\f'; break;
        case 'v': p.value += '\v'; break;
        case '0': p.value += '\0'; break;
        case 'x': {
          unsigned v = 0;
          if (i + 2 <= s.size() && llvm::isHexDigit(s[i]) && llvm::isHexDigit(s[i + 1])) {
            v = llvm::hexDigitValue(s[i]) * 16 + llvm::hexDigitValue(s[i + 1]);
            i += 2;
          }
          p.value += static_cast<char>(v);
          break;
        }
        default:
          // Unknown escapes keep the backslash, as Python does.
          p.value += '\\';
          p.srcOff.push_back(start);
          p.value += e;
          p.srcOff.push_back(start + 1);
          continue;
        }
        p.srcOff.push_back(start);
        continue;
      }
      p.value += s[i];
      p.srcOff.push_back(i);
      ++i;
    }
    p.bodyEnd = i;
    p.srcOff.push_back(i);
    p.end = i + q;
    Tok t{Tok::String, begin, p.end, s.substr(begin, p.end - begin), std::move(p)};
    toks.push_back(std::move(t));
    return true;
  }
};

//===----------------------------------------------------------------------===//
// Parser
//===----------------------------------------------------------------------===//

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

  Block parseBlock(bool indented) {
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

  /// Parses a suite after a header's ':'.
  Block parseSuite() {
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

  /// Finds the header-ending ':' at bracket depth 0 on this logical line.
  bool seekColon(size_t &colon) {
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

  void parseStatement(Block &b) {
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

  Stmt parseCompound() {
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

  bool parseDefHeader(Stmt &s, size_t colon) {
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

  bool parseClassHeader(Stmt &s, size_t colon) {
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

  /// One logical line of simple statements separated by ';'.
  void parseSimpleLine(Block &b) {
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

  bool atStmtEnd() const {
    return cur().kind == Tok::Newline || cur().kind == Tok::End || isOp(";");
  }

  bool parseSimple(Stmt &s) {
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

  void skipToStmtEnd() {
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

  // Expressions ----------------------------------------------------------------

  ExprP parseTargetList() {
    size_t at = cur().begin;
    ExprP e = parseOr(/*noIn=*/true);
    if (!e || !isOp(","))
      return e;
    ExprP tup = mk(Expr::Tuple, at);
    tup->args.push_back(e);
    while (eatOp(",")) {
      if (isKw("in"))
        break;
      ExprP n = parseOr(true);
      if (!n)
        return nullptr;
      tup->args.push_back(n);
    }
    return tup;
  }

  ExprP parseTestList() {
    size_t at = cur().begin;
    ExprP e = parseTest();
    if (!e || !isOp(","))
      return e;
    ExprP tup = mk(Expr::Tuple, at);
    tup->args.push_back(e);
    while (eatOp(",")) {
      if (atStmtEnd() || isOp("=") || isOp(")"))
        break;
      ExprP n = parseTest();
      if (!n)
        return nullptr;
      tup->args.push_back(n);
    }
    return tup;
  }

  ExprP parseTest() {
    size_t at = cur().begin;
    if (eatKw("lambda")) {
      // Keep the location; skip the parameters and the body expression.
      while (!isOp(":") && cur().kind != Tok::Newline && cur().kind != Tok::End)
        ++p;
      if (!eatOp(":"))
        return bad("a lambda without ':'"), nullptr;
      ExprP body = parseTest();
      if (!body)
        return nullptr;
      ExprP l = mk(Expr::Lambda, at);
      l->args.push_back(body);
      return l;
    }
    ExprP e = parseOr(false);
    if (!e)
      return nullptr;
    if (isKw("if")) {
      ++p;
      ExprP c = parseOr(false);
      if (!c || !eatKw("else"))
        return bad("a conditional expression without 'else'"), nullptr;
      ExprP o = parseTest();
      if (!o)
        return nullptr;
      ExprP ie = mk(Expr::IfExp, at);
      ie->args = {e, c, o};
      return ie;
    }
    return e;
  }

  ExprP parseOr(bool noIn) {
    size_t at = cur().begin;
    ExprP l = parseAnd(noIn);
    while (l && isKw("or")) {
      ++p;
      ExprP r = parseAnd(noIn);
      if (!r)
        return nullptr;
      ExprP b = mk(Expr::BoolOp, at);
      b->text = "or";
      b->args = {l, r};
      l = b;
    }
    return l;
  }

  ExprP parseAnd(bool noIn) {
    size_t at = cur().begin;
    ExprP l = parseNot(noIn);
    while (l && isKw("and")) {
      ++p;
      ExprP r = parseNot(noIn);
      if (!r)
        return nullptr;
      ExprP b = mk(Expr::BoolOp, at);
      b->text = "and";
      b->args = {l, r};
      l = b;
    }
    return l;
  }

  ExprP parseNot(bool noIn) {
    size_t at = cur().begin;
    if (eatKw("not")) {
      ExprP e = parseNot(noIn);
      if (!e)
        return nullptr;
      ExprP u = mk(Expr::UnaryOp, at);
      u->text = "not";
      u->args = {e};
      return u;
    }
    return parseCompare(noIn);
  }

  ExprP parseCompare(bool noIn) {
    size_t at = cur().begin;
    ExprP l = parseBinary(0);
    while (l) {
      std::string op;
      if (cur().kind == Tok::Op &&
          (cur().text == "<" || cur().text == ">" || cur().text == "==" || cur().text == "!=" ||
           cur().text == "<=" || cur().text == ">=")) {
        op = cur().text;
        ++p;
      } else if (!noIn && isKw("in")) {
        op = "in";
        ++p;
      } else if (isKw("is")) {
        ++p;
        op = eatKw("not") ? "is not" : "is";
      } else if (isKw("not") && p + 1 < t.size() && t[p + 1].text == "in") {
        p += 2;
        op = "not in";
      } else {
        break;
      }
      ExprP r = parseBinary(0);
      if (!r)
        return nullptr;
      ExprP c = mk(Expr::Compare, at);
      c->text = op;
      c->args = {l, r};
      l = c;
    }
    return l;
  }

  static int precedence(StringRef o) {
    return llvm::StringSwitch<int>(o)
        .Case("|", 1)
        .Case("^", 2)
        .Case("&", 3)
        .Cases({"<<", ">>"}, 4)
        .Cases({"+", "-"}, 5)
        .Cases({"*", "/", "//", "%", "@"}, 6)
        .Default(-1);
  }

  ExprP parseBinary(int minPrec) {
    size_t at = cur().begin;
    ExprP l = parseUnary();
    while (l && cur().kind == Tok::Op) {
      int prec = precedence(cur().text);
      if (prec < 0 || prec < minPrec)
        break;
      std::string op = cur().text;
      ++p;
      ExprP r = parseBinary(prec + 1);
      if (!r)
        return nullptr;
      ExprP b = mk(Expr::BinOp, at);
      b->text = op;
      b->args = {l, r};
      l = b;
    }
    return l;
  }

  ExprP parseUnary() {
    size_t at = cur().begin;
    if (isOp("-") || isOp("+") || isOp("~")) {
      std::string op = cur().text;
      ++p;
      ExprP e = parseUnary();
      if (!e)
        return nullptr;
      if (op == "-" && e->kind == Expr::Int) {
        e->i = -e->i;
        e->loc.offset = at;
        return e;
      }
      if (op == "-" && e->kind == Expr::Float) {
        e->f = -e->f;
        e->loc.offset = at;
        return e;
      }
      ExprP u = mk(Expr::UnaryOp, at);
      u->text = op;
      u->args = {e};
      return u;
    }
    eatKw("await");
    ExprP e = parsePostfix();
    if (e && eatOp("**")) {
      ExprP r = parseUnary();
      if (!r)
        return nullptr;
      ExprP b = mk(Expr::BinOp, at);
      b->text = "**";
      b->args = {e, r};
      return b;
    }
    return e;
  }

  ExprP parsePostfix() {
    size_t at = cur().begin;
    ExprP e = parseAtom();
    while (e) {
      if (eatOp(".")) {
        if (cur().kind != Tok::Name)
          return bad("expected an attribute name after '.'"), nullptr;
        ExprP a = mk(Expr::Attr, at);
        a->text = cur().text;
        a->args = {e};
        ++p;
        e = a;
      } else if (isOp("(")) {
        ++p;
        ExprP c = mk(Expr::Call, at);
        c->args.push_back(e);
        if (!parseArgs(*c))
          return nullptr;
        e = c;
      } else if (isOp("[")) {
        ++p;
        ExprP sub = mk(Expr::Subscript, at);
        sub->args.push_back(e);
        if (!parseSubscript(*sub))
          return nullptr;
        e = sub;
      } else {
        break;
      }
    }
    if (e)
      e->endOffset = p > 0 ? t[p - 1].end : 0;
    return e;
  }

  /// Skips the rest of a bracket group (after its opening token was eaten).
  bool skipGroup() {
    int depth = 1;
    while (cur().kind != Tok::End) {
      if (cur().kind == Tok::Op) {
        StringRef o = cur().text;
        if (o == "(" || o == "[" || o == "{")
          ++depth;
        else if ((o == ")" || o == "]" || o == "}") && --depth == 0) {
          ++p;
          return true;
        }
      }
      ++p;
    }
    return bad("unbalanced brackets");
  }

  bool parseArgs(Expr &call) {
    while (!isOp(")")) {
      if (isOp("*") || isOp("**")) {
        size_t at = cur().begin;
        ++p;
        ExprP e = parseTest();
        if (!e)
          return false;
        ExprP o = mk(Expr::Opaque, at);
        o->text = "a starred argument";
        o->args = {e};
        call.args.push_back(o);
      } else if (cur().kind == Tok::Name && p + 1 < t.size() && t[p + 1].kind == Tok::Op &&
                 t[p + 1].text == "=") {
        std::string k = cur().text;
        p += 2;
        ExprP v = parseTest();
        if (!v)
          return false;
        call.kwargs.push_back({k, v});
      } else {
        ExprP e = parseTest();
        if (!e)
          return false;
        if (isKw("for")) {
          ExprP o = mk(Expr::Opaque, e->loc.offset);
          o->text = "a generator expression";
          call.args.push_back(o);
          return skipGroup();
        }
        call.args.push_back(e);
      }
      if (!eatOp(","))
        break;
    }
    return eatOp(")") || bad("expected ')' to close the call");
  }

  bool parseSubscript(Expr &sub) {
    size_t at = cur().begin;
    std::vector<ExprP> items;
    bool slice = false;
    while (!isOp("]")) {
      if (isOp(":")) {
        slice = true;
        ++p;
        continue;
      }
      ExprP e = parseTest();
      if (!e)
        return false;
      items.push_back(e);
      if (isOp(":")) {
        slice = true;
        continue;
      }
      if (!eatOp(","))
        break;
    }
    if (!eatOp("]"))
      return bad("expected ']'");
    if (slice) {
      ExprP o = mk(Expr::Opaque, at);
      o->text = "a slice";
      sub.args.push_back(o);
    } else if (items.size() == 1) {
      sub.args.push_back(items[0]);
    } else {
      ExprP tup = mk(Expr::Tuple, at);
      tup->args = items;
      sub.args.push_back(tup);
    }
    return true;
  }

  ExprP parseAtom() {
    const Tok &k = cur();
    size_t at = k.begin;
    switch (k.kind) {
    case Tok::Name: {
      ++p;
      if (k.text == "True" || k.text == "False") {
        ExprP e = mk(Expr::Bool, at);
        e->i = k.text == "True";
        return e;
      }
      if (k.text == "None")
        return mk(Expr::NoneLit, at);
      ExprP e = mk(Expr::Name, at);
      e->text = k.text;
      return e;
    }
    case Tok::Number: {
      ++p;
      std::string txt;
      for (char c : k.text)
        if (c != '_')
          txt += c;
      StringRef s(txt);
      int64_t iv;
      if (!s.contains_insensitive("j") &&
          (s.starts_with_insensitive("0x") || s.starts_with_insensitive("0o") ||
           s.starts_with_insensitive("0b") ||
           (!s.contains('.') && !s.contains_insensitive("e")))) {
        unsigned radix = s.starts_with_insensitive("0x")   ? 16
                         : s.starts_with_insensitive("0o") ? 8
                         : s.starts_with_insensitive("0b") ? 2
                                                           : 10;
        StringRef digits = radix == 10 ? s : s.drop_front(2);
        if (!digits.getAsInteger(radix, iv)) {
          ExprP e = mk(Expr::Int, at);
          e->i = iv;
          return e;
        }
        return bad("integer literal '" + k.text + "' is out of range"), nullptr;
      }
      double d;
      if (s.getAsDouble(d))
        return bad("cannot read the number '" + k.text + "'"), nullptr;
      ExprP e = mk(Expr::Float, at);
      e->f = d;
      return e;
    }
    case Tok::String: {
      ExprP e = mk(Expr::Str, at);
      while (cur().kind == Tok::String) {
        e->pieces.push_back(cur().str);
        ++p;
      }
      return e;
    }
    case Tok::Op: {
      if (k.text == "...") {
        ++p;
        return mk(Expr::NoneLit, at);
      }
      if (k.text != "(" && k.text != "[" && k.text != "{")
        return bad("unexpected '" + k.text + "'"), nullptr;
      std::string close = k.text == "(" ? ")" : k.text == "[" ? "]" : "}";
      ++p;
      ExprP e = mk(k.text == "(" ? Expr::Tuple : k.text == "[" ? Expr::List : Expr::Dict, at);
      bool sawComma = false;
      while (!isOp(close)) {
        if (isOp("*") || isOp("**")) {
          ExprP o = mk(Expr::Opaque, cur().begin);
          o->text = "a starred item";
          e->args.push_back(o);
          return skipGroup() ? e : nullptr;
        }
        ExprP item = parseTest();
        if (!item)
          return nullptr;
        if (isKw("for")) {
          ExprP o = mk(Expr::Opaque, at);
          o->text = "a comprehension";
          return skipGroup() ? o : nullptr;
        }
        if (e->kind == Expr::Dict) {
          if (eatOp(":")) {
            ExprP v = parseTest();
            if (!v)
              return nullptr;
            if (isKw("for")) {
              ExprP o = mk(Expr::Opaque, at);
              o->text = "a comprehension";
              return skipGroup() ? o : nullptr;
            }
            e->args.push_back(item);
            e->args.push_back(v);
          } else {
            e->kind = Expr::List; // a set display; treated as a list
            e->args.push_back(item);
          }
        } else {
          e->args.push_back(item);
        }
        if (!eatOp(","))
          break;
        sawComma = true;
      }
      if (!eatOp(close))
        return bad("expected '" + close + "'"), nullptr;
      if (e->kind == Expr::Tuple && e->args.size() == 1 && !sawComma)
        return e->args[0]; // parenthesized expression
      return e;
    }
    default:
      return bad("unexpected end of line"), nullptr;
    }
  }
};
} // namespace

llvm::Expected<Module> py::parseModule(StringRef path, std::string text) {
  Module m;
  m.path = path.str();
  m.text = std::move(text);
  m.lineStarts.push_back(0);
  for (size_t i = 0; i < m.text.size(); ++i)
    if (m.text[i] == '\n')
      m.lineStarts.push_back(i + 1);
  Lexer lx(m);
  if (!lx.run())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), lx.error);
  Parser ps(m, lx.toks);
  m.body = ps.parseFile();
  return m;
}
