//===- PyParseExpr.cpp - expression parser for PyLite ----------------------===//
#include "PyLiteImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace kfix;
using namespace kfix::py;
using namespace kfix::py::detail;
using llvm::StringRef;

ExprP Parser::parseTargetList() {
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

ExprP Parser::parseTestList() {
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

ExprP Parser::parseTest() {
  size_t at = cur().begin;
  if (eatKw("lambda")) {
    // Parameters go to kwargs (name, default or null); `*a`/`**k` keep their stars.
    ExprP l = mk(Expr::Lambda, at);
    while (!isOp(":") && cur().kind != Tok::Newline && cur().kind != Tok::End) {
      std::string star;
      if (isOp("*") || isOp("**"))
        star = t[p++].text;
      if (cur().kind != Tok::Name) {
        if (star.empty())
          return bad("a lambda parameter that is not a name"), nullptr;
        l->kwargs.push_back({star, nullptr}); // bare `*`
      } else {
        std::string name = star + cur().text;
        ++p;
        ExprP def;
        if (eatOp("=") && !(def = parseTest()))
          return nullptr;
        l->kwargs.push_back({name, def});
      }
      if (!eatOp(","))
        break;
    }
    if (!eatOp(":"))
      return bad("a lambda without ':'"), nullptr;
    ExprP body = parseTest();
    if (!body)
      return nullptr;
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

ExprP Parser::parseBoolChain(bool noIn, StringRef op, ExprP (Parser::*operand)(bool)) {
  size_t at = cur().begin;
  ExprP l = (this->*operand)(noIn);
  while (l && isKw(op)) {
    ++p;
    ExprP r = (this->*operand)(noIn);
    if (!r)
      return nullptr;
    ExprP b = mk(Expr::BoolOp, at);
    b->text = op.str();
    b->args = {l, r};
    l = b;
  }
  return l;
}

ExprP Parser::parseNot(bool noIn) {
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

ExprP Parser::parseCompare(bool noIn) {
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

int Parser::precedence(StringRef o) {
  return llvm::StringSwitch<int>(o)
      .Case("|", 1)
      .Case("^", 2)
      .Case("&", 3)
      .Cases({"<<", ">>"}, 4)
      .Cases({"+", "-"}, 5)
      .Cases({"*", "/", "//", "%", "@"}, 6)
      .Default(-1);
}

ExprP Parser::parseBinary(int minPrec) {
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

ExprP Parser::parseUnary() {
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

ExprP Parser::parsePostfix() {
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
    e->endOffset = t[p - 1].end; // every link of `a.b(c)[d]` knows where it ends
  }
  if (e)
    e->endOffset = p > 0 ? t[p - 1].end : 0;
  return e;
}

bool Parser::skipGroup() {
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

bool Parser::parseArgs(Expr &call) {
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

bool Parser::parseSubscript(Expr &sub) {
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

ExprP Parser::parseAtom() {
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
      // `(batch, *shape)`, `[*a, *b]`: a starred item of a tuple or list
      // display, unpacked like a starred call argument where it is read.
      if (isOp("*") && e->kind != Expr::Dict) {
        size_t sat = cur().begin;
        ++p;
        ExprP inner = parseOr(false);
        if (!inner)
          return nullptr;
        ExprP o = mk(Expr::Opaque, sat);
        o->text = "a starred argument";
        o->args = {inner};
        e->args.push_back(o);
        if (!eatOp(","))
          break;
        sawComma = true;
        continue;
      }
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
