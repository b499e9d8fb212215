//===- CppLite.cpp - lexer, function finder, wrapper expressions -----------===//
#include "kfix/KernelBench/CppLite.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace kfix;
using namespace kfix::cpp;
using llvm::StringRef;

std::vector<Tok> cpp::lex(StringRef s, std::string &error, size_t &errorAt) {
  std::vector<Tok> out;
  size_t i = 0;
  bool lineStart = true;
  auto push = [&](Tok::Kind k, size_t b, size_t e) {
    out.push_back({k, b, e, s.substr(b, e - b).str()});
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == '\n') {
      lineStart = true;
      ++i;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++i;
      continue;
    }
    if (s.substr(i).starts_with("//")) {
      while (i < s.size() && s[i] != '\n')
        ++i;
      continue;
    }
    if (s.substr(i).starts_with("/*")) {
      size_t e = s.find("*/", i + 2);
      if (e == StringRef::npos) {
        error = "unterminated comment";
        errorAt = i;
        return out;
      }
      i = e + 2;
      continue;
    }
    if (c == '#' && lineStart) {
      size_t b = i;
      while (i < s.size() && s[i] != '\n') {
        if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '\n')
          ++i;
        ++i;
      }
      push(Tok::PP, b, i);
      continue;
    }
    lineStart = false;
    if (c == '"' || c == '\'' ||
        ((c == 'L' || c == 'u' || c == 'U') && i + 1 < s.size() &&
         (s[i + 1] == '"' || s[i + 1] == '\''))) {
      size_t b = i;
      if (c != '"' && c != '\'')
        ++i;
      char q = s[i++];
      while (i < s.size() && s[i] != q && s[i] != '\n') {
        if (s[i] == '\\')
          ++i;
        ++i;
      }
      if (i >= s.size() || s[i] != q) {
        error = q == '"' ? "unterminated string literal" : "unterminated character literal";
        errorAt = b;
        return out;
      }
      ++i;
      push(q == '"' ? Tok::String : Tok::Char, b, i);
      continue;
    }
    if (llvm::isAlpha(c) || c == '_') {
      size_t b = i;
      while (i < s.size() && (llvm::isAlnum(s[i]) || s[i] == '_'))
        ++i;
      push(Tok::Ident, b, i);
      continue;
    }
    if (llvm::isDigit(c) || (c == '.' && i + 1 < s.size() && llvm::isDigit(s[i + 1]))) {
      size_t b = i;
      while (i < s.size() &&
             (llvm::isAlnum(s[i]) || s[i] == '.' || s[i] == '\'' ||
              ((s[i] == '+' || s[i] == '-') && (s[i - 1] == 'e' || s[i - 1] == 'E') &&
               !s.substr(b, 2).equals_insensitive("0x"))))
        ++i;
      push(Tok::Number, b, i);
      continue;
    }
    static const char *puncts[] = {"<<<", ">>>", "<<=", ">>=", "...", "::", "->", "<<", ">>",
                                   "<=",  ">=",  "==",  "!=",  "&&",  "||", "++", "--", "+=",
                                   "-=",  "*=",  "/=",  "%=",  "&=",  "|=", "^=", nullptr};
    size_t len = 1;
    for (const char **p = puncts; *p; ++p)
      if (s.substr(i).starts_with(*p)) {
        len = strlen(*p);
        break;
      }
    push(Tok::Punct, i, i + len);
    i += len;
  }
  out.push_back({Tok::End, s.size(), s.size(), ""});
  return out;
}

size_t cpp::matchBracket(const std::vector<Tok> &t, size_t open) {
  if (open >= t.size() || t[open].kind != Tok::Punct)
    return StringRef::npos;
  StringRef o = t[open].text;
  StringRef c = o == "(" ? ")" : o == "[" ? "]" : o == "{" ? "}" : "";
  if (c.empty())
    return StringRef::npos;
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    if (t[i].kind != Tok::Punct)
      continue;
    if (t[i].text == o)
      ++depth;
    else if (t[i].text == c && --depth == 0)
      return i;
  }
  return StringRef::npos;
}

static bool isOpenParenBefore(const std::vector<Tok> &t, size_t close, size_t &open) {
  int depth = 0;
  for (size_t i = close + 1; i-- > 0;) {
    if (t[i].kind != Tok::Punct)
      continue;
    if (t[i].text == ")")
      ++depth;
    else if (t[i].text == "(" && --depth == 0) {
      open = i;
      return true;
    }
  }
  return false;
}

static std::vector<Param> splitParams(const std::vector<Tok> &t, size_t open, size_t close) {
  std::vector<Param> ps;
  size_t start = open + 1;
  int depth = 0;
  for (size_t i = open + 1; i <= close; ++i) {
    StringRef x = t[i].text;
    bool isPunct = t[i].kind == Tok::Punct;
    if (isPunct && (x == "(" || x == "[" || x == "<" || x == "{"))
      ++depth;
    else if (isPunct && (x == ")" || x == "]" || x == ">" || x == "}") && i != close)
      --depth;
    if (!(i == close || (isPunct && x == "," && depth == 0)))
      continue;
    if (i > start) {
      Param p;
      size_t nameIdx = StringRef::npos;
      size_t last = i;
      // `T x = default` or `T x[]`: the name is the last identifier before '=' / '['.
      for (size_t k = start; k < i; ++k)
        if (t[k].kind == Tok::Punct && (t[k].text == "=" || t[k].text == "[")) {
          last = k;
          break;
        }
      for (size_t k = last; k-- > start;)
        if (t[k].kind == Tok::Ident) {
          nameIdx = k;
          break;
        }
      for (size_t k = start; k < last; ++k) {
        if (k == nameIdx)
          continue;
        if (t[k].text == "*")
          p.pointer = true;
        if (!p.type.empty() && t[k].text != "*" && t[k].text != "&" && t[k].text != "::" &&
            p.type.back() != ':' && t[k].text != ">" && t[k].text != "<" &&
            p.type.back() != '<')
          p.type += " ";
        p.type += t[k].text;
      }
      if (last < i && t[last].text == "[")
        p.pointer = true;
      if (nameIdx != StringRef::npos && !(p.type.empty() && t[nameIdx].text == "void"))
        p.name = t[nameIdx].text;
      if (!(p.type.empty() && p.name == "void") && !(p.name.empty() && p.type == "void"))
        ps.push_back(p);
    }
    start = i + 1;
  }
  return ps;
}

std::vector<Function> cpp::findFunctions(const std::vector<Tok> &t) {
  std::vector<Function> fns;
  size_t stmtStart = 0;
  for (size_t i = 0; i < t.size() && t[i].kind != Tok::End; ++i) {
    const Tok &k = t[i];
    if (k.kind == Tok::PP) {
      stmtStart = i + 1;
      continue;
    }
    if (k.kind != Tok::Punct)
      continue;
    if (k.text == ";" || k.text == "}") { // a '}' here closes a namespace
      stmtStart = i + 1;
      continue;
    }
    if (k.text == "(" || k.text == "[") {
      size_t m = matchBracket(t, i);
      if (m == StringRef::npos)
        break;
      i = m;
      continue;
    }
    if (k.text != "{")
      continue;
    // namespace NAME { / extern "C" { : look inside.
    bool transparent = false;
    for (size_t j = stmtStart; j < i; ++j)
      if (t[j].text == "namespace" || (t[j].text == "extern" && j + 1 < i &&
                                       t[j + 1].kind == Tok::String))
        transparent = true;
    if (transparent) {
      stmtStart = i + 1;
      continue;
    }
    size_t close = matchBracket(t, i);
    if (close == StringRef::npos)
      break;
    // Function: `... name ( params ) [qualifiers] {`.
    size_t j = i;
    while (j > stmtStart && t[j - 1].kind == Tok::Ident &&
           llvm::StringSwitch<bool>(t[j - 1].text)
               .Cases({"const", "noexcept", "override", "final", "volatile"}, true)
               .Default(false))
      --j;
    size_t open;
    if (j > stmtStart && t[j - 1].text == ")" && isOpenParenBefore(t, j - 1, open) &&
        open > stmtStart && t[open - 1].kind == Tok::Ident) {
      // __launch_bounds__(...) sits before the name, so the name is open-1 unless that
      // identifier is an attribute macro (then this is not a definition we know).
      Function f;
      f.nameTok = open - 1;
      f.name = t[open - 1].text;
      f.declBegin = t[stmtStart].begin;
      f.bodyTok = i;
      f.bodyEndTok = close;
      f.end = t[close].end;
      for (size_t q = stmtStart; q < open - 1; ++q) {
        StringRef x = t[q].text;
        f.isGlobal |= x == "__global__";
        f.isDevice |= x == "__device__";
        f.isTemplate |= x == "template";
      }
      // Return type: identifiers before the name that are not attributes.
      for (size_t q = stmtStart; q < open - 1; ++q) {
        StringRef x = t[q].text;
        if (x.starts_with("__") || x == "static" || x == "inline" || x == "template")
          continue;
        if (t[q].kind == Tok::Punct && x == "(") {
          q = matchBracket(t, q);
          if (q == StringRef::npos)
            break;
          continue;
        }
        f.returnType += (f.returnType.empty() ? "" : " ") + x.str();
      }
      f.params = splitParams(t, open, j - 1);
      // Tensor accessors (`torch::PackedTensorAccessor32<float, 2, at::RestrictPtrTraits>`)
      // are kernel parameter types, not host code.
      auto accessorName = [&](size_t q) {
        return q + 2 < t.size() && t[q + 1].text == "::" &&
               llvm::is_contained({"PackedTensorAccessor32", "PackedTensorAccessor64",
                                   "PackedTensorAccessor", "GenericPackedTensorAccessor",
                                   "TensorAccessor", "RestrictPtrTraits",
                                   "DefaultPtrTraits"},
                                  t[q + 2].text);
      };
      for (size_t q = stmtStart; q <= close; ++q)
        if (((t[q].text == "torch" || t[q].text == "at") && !accessorName(q)) ||
            t[q].text == "Tensor" || t[q].text == "PYBIND11_MODULE" || t[q].text == "c10")
          f.usesTorch = true;
      fns.push_back(std::move(f));
    }
    i = close;
    // A '}' of a struct/initializer is followed by ';' which resets stmtStart.
    if (!(i + 1 < t.size() && t[i + 1].text == ";"))
      stmtStart = i + 1;
  }
  return fns;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

namespace {
class ExprParser {
public:
  ExprParser(const std::vector<Tok> &t, size_t pos, size_t end) : t(t), p(pos), end(end) {}
  const std::vector<Tok> &t;
  size_t p, end;
  std::string error;
  size_t errorAt = 0;

  const Tok &cur() const {
    static const Tok endTok;
    return p < end ? t[p] : (p < t.size() ? t[p] : endTok);
  }
  bool atEnd() const { return p >= end; }
  bool is(StringRef x) const { return !atEnd() && cur().kind == Tok::Punct && cur().text == x; }
  bool eat(StringRef x) {
    if (!is(x))
      return false;
    ++p;
    return true;
  }
  ExprP fail(const std::string &msg) {
    if (error.empty()) {
      error = msg;
      errorAt = cur().begin;
    }
    return nullptr;
  }
  ExprP mk(Expr::Kind k, size_t at) {
    auto e = std::make_shared<Expr>();
    e->kind = k;
    e->at = at;
    return e;
  }

  ExprP parseAssignLevel() { return parseTernary(); }

  ExprP parseTernary() {
    size_t at = cur().begin;
    ExprP c = parseBinary(0);
    if (!c || !eat("?"))
      return c;
    ExprP a = parseTernary();
    if (!a || !eat(":"))
      return a ? fail("expected ':' in a conditional expression") : nullptr;
    ExprP b = parseTernary();
    if (!b)
      return nullptr;
    ExprP e = mk(Expr::Ternary, at);
    e->kids = {c, a, b};
    return e;
  }

  static int prec(StringRef o) {
    return llvm::StringSwitch<int>(o)
        .Case("||", 1)
        .Case("&&", 2)
        .Case("|", 3)
        .Case("^", 4)
        .Case("&", 5)
        .Cases({"==", "!="}, 6)
        .Cases({"<", ">", "<=", ">="}, 7)
        .Cases({"<<", ">>"}, 8)
        .Cases({"+", "-"}, 9)
        .Cases({"*", "/", "%"}, 10)
        .Default(-1);
  }

  ExprP parseBinary(int minPrec) {
    size_t at = cur().begin;
    ExprP l = parseUnary();
    while (l && !atEnd() && cur().kind == Tok::Punct) {
      int pr = prec(cur().text);
      if (pr < 0 || pr < minPrec)
        break;
      std::string op = cur().text;
      ++p;
      ExprP r = parseBinary(pr + 1);
      if (!r)
        return nullptr;
      ExprP b = mk(Expr::Binary, at);
      b->text = op;
      b->kids = {l, r};
      l = b;
    }
    return l;
  }

  /// `( type )` where the type is made of type words, `::`, `*`, `&`.
  bool looksLikeCast(size_t &close, std::string &type) {
    if (!is("("))
      return false;
    size_t q = p + 1;
    std::string ty;
    bool sawType = false;
    static const llvm::StringSet<> words = {
        "int", "unsigned", "signed", "long", "short", "char", "float", "double", "bool",
        "void", "const", "size_t", "int64_t", "int32_t", "int16_t", "int8_t", "uint64_t",
        "uint32_t", "uint16_t", "uint8_t", "half", "__half", "scalar_t", "float2", "float4",
        "int2", "int4", "__nv_bfloat16", "at", "c10", "Half", "BFloat16", "std", "ptrdiff_t"};
    for (; q < end; ++q) {
      const Tok &k = t[q];
      if (k.kind == Tok::Punct && k.text == ")")
        break;
      if (k.kind == Tok::Ident && words.count(k.text)) {
        sawType = true;
      } else if (k.kind == Tok::Punct && (k.text == "*" || k.text == "&" || k.text == "::")) {
      } else {
        return false;
      }
      if (!ty.empty() && k.kind == Tok::Ident && ty.back() != ':')
        ty += " ";
      ty += k.text;
    }
    if (q >= end || !sawType)
      return false;
    close = q;
    type = ty;
    return true;
  }

  ExprP parseUnary() {
    size_t at = cur().begin;
    if (!atEnd() && cur().kind == Tok::Punct &&
        (cur().text == "-" || cur().text == "+" || cur().text == "!" || cur().text == "~" ||
         cur().text == "*" || cur().text == "&")) {
      std::string op = cur().text;
      ++p;
      ExprP e = parseUnary();
      if (!e)
        return nullptr;
      ExprP u = mk(Expr::Unary, at);
      u->text = op;
      u->kids = {e};
      return u;
    }
    size_t close;
    std::string type;
    if (looksLikeCast(close, type)) {
      p = close + 1;
      ExprP e = parseUnary();
      if (!e)
        return nullptr;
      ExprP c = mk(Expr::Cast, at);
      c->text = type;
      c->kids = {e};
      return c;
    }
    return parsePostfix();
  }

  /// Template arguments `<...>` as text, when `<` follows a name that takes them.
  bool templateArgs(std::string &out) {
    if (!is("<"))
      return false;
    int depth = 0;
    size_t q = p;
    std::string txt;
    for (; q < end; ++q) {
      StringRef x = t[q].text;
      if (t[q].kind == Tok::Punct && x == "<")
        ++depth;
      else if (t[q].kind == Tok::Punct && (x == ">" || x == ">>")) {
        depth -= x.size();
        if (depth <= 0)
          break;
      } else if (t[q].kind == Tok::Punct && (x == ";" || x == "{" || x == "}"))
        return false;
      if (q != p) {
        if (!txt.empty() && t[q].kind == Tok::Ident && txt.back() != ':' && txt.back() != '<')
          txt += " ";
        txt += x;
      }
    }
    if (q >= end || depth < 0)
      return false;
    out = txt;
    p = q + 1;
    return true;
  }

  static bool takesTemplate(StringRef name) {
    return llvm::StringSwitch<bool>(name)
        .Cases({"data_ptr", "data", "const_data_ptr", "mutable_data_ptr", "static_cast",
                "reinterpret_cast", "const_cast", "std::min", "std::max", "min", "max",
                "item", "packed_accessor32", "packed_accessor64", "accessor",
                "packed_accessor", "generic_packed_accessor"},
               true)
        .Default(false);
  }

  ExprP parsePostfix() {
    size_t at = cur().begin;
    ExprP e = parsePrimary();
    while (e && !atEnd()) {
      if (eat(".") || eat("->")) {
        if (cur().kind != Tok::Ident)
          return fail("expected a member name");
        ExprP m = mk(Expr::Member, at);
        m->text = cur().text;
        m->kids = {e};
        ++p;
        if (takesTemplate(m->text))
          templateArgs(m->targs);
        e = m;
      } else if (is("(")) {
        ++p;
        ExprP c = mk(Expr::Call, at);
        c->kids.push_back(e);
        if (!args(c->kids, ")"))
          return nullptr;
        e = c;
      } else if (is("[")) {
        ++p;
        ExprP idx = parseTernary();
        if (!idx || !eat("]"))
          return idx ? fail("expected ']'") : nullptr;
        ExprP ix = mk(Expr::Index, at);
        ix->kids = {e, idx};
        e = ix;
      } else if (is("++") || is("--")) {
        return fail("increment and decrement are not supported in a wrapper");
      } else {
        break;
      }
    }
    return e;
  }

  bool args(std::vector<ExprP> &out, StringRef close) {
    while (!is(close)) {
      ExprP a = parseTernary();
      if (!a)
        return false;
      out.push_back(a);
      if (!eat(","))
        break;
    }
    if (!eat(close)) {
      fail("expected '" + close.str() + "'");
      return false;
    }
    return true;
  }

  ExprP parsePrimary() {
    if (atEnd())
      return fail("expected an expression");
    const Tok &k = cur();
    size_t at = k.begin;
    switch (k.kind) {
    case Tok::Ident: {
      std::string name = k.text;
      ++p;
      while (is("::") && p + 1 < end && t[p + 1].kind == Tok::Ident) {
        name += "::" + t[p + 1].text;
        p += 2;
      }
      if (name == "true" || name == "false") {
        ExprP e = mk(Expr::Int, at);
        e->i = name == "true";
        return e;
      }
      if (name == "sizeof" && is("(")) {
        // sizeof(TYPE): a call of `sizeof` on the type's name; the wrapper resolves it.
        size_t close = matchBracket(t, p);
        if (close == StringRef::npos || close >= end)
          return fail("unbalanced '(' after sizeof");
        std::string ty;
        for (size_t q = p + 1; q < close; ++q)
          ty += (ty.empty() || t[q].kind != Tok::Ident ? "" : " ") + t[q].text;
        p = close + 1;
        ExprP c = mk(Expr::Call, at);
        ExprP callee = mk(Expr::Ident, at);
        callee->text = "sizeof";
        ExprP arg = mk(Expr::Str, at);
        arg->text = ty;
        c->kids = {callee, arg};
        return c;
      }
      ExprP e = mk(Expr::Ident, at);
      e->text = name;
      if (takesTemplate(name) || name.find("_cast") != std::string::npos)
        templateArgs(e->targs);
      if (name == "static_cast" || name == "reinterpret_cast" || name == "const_cast") {
        if (!eat("("))
          return fail("expected '(' after " + name);
        ExprP inner = parseTernary();
        if (!inner || !eat(")"))
          return inner ? fail("expected ')'") : nullptr;
        ExprP c = mk(Expr::Cast, at);
        c->text = e->targs;
        c->kids = {inner};
        return c;
      }
      return e;
    }
    case Tok::Number: {
      ++p;
      std::string s;
      for (char c : k.text)
        if (c != '\'')
          s += c;
      StringRef v(s);
      bool hex = v.starts_with_insensitive("0x");
      bool isFloat = !hex && (v.contains('.') || v.contains_insensitive("e") ||
                              v.ends_with("f") || v.ends_with("F"));
      if (isFloat) {
        while (!v.empty() && (v.back() == 'f' || v.back() == 'F' || v.back() == 'l' ||
                              v.back() == 'L'))
          v = v.drop_back();
        double d;
        if (v.getAsDouble(d))
          return fail("cannot read the number '" + k.text + "'");
        ExprP e = mk(Expr::Float, at);
        e->f = d;
        return e;
      }
      while (!v.empty() && StringRef("uUlL").contains(v.back()))
        v = v.drop_back();
      uint64_t u;
      if (v.getAsInteger(0, u))
        return fail("cannot read the number '" + k.text + "'");
      ExprP e = mk(Expr::Int, at);
      e->i = static_cast<int64_t>(u);
      return e;
    }
    case Tok::String: {
      ++p;
      ExprP e = mk(Expr::Str, at);
      e->text = k.text;
      while (!atEnd() && cur().kind == Tok::String)
        e->text += cur().text, ++p;
      return e;
    }
    case Tok::Char: {
      ++p;
      ExprP e = mk(Expr::Int, at);
      e->i = k.text.size() >= 3 ? static_cast<unsigned char>(k.text[1]) : 0;
      return e;
    }
    case Tok::Punct: {
      if (k.text == "(") {
        ++p;
        ExprP e = parseTernary();
        if (e && eat(","))
          return fail("the comma operator is not supported");
        if (!e || !eat(")"))
          return e ? fail("expected ')'") : nullptr;
        return e;
      }
      if (k.text == "{") {
        ++p;
        ExprP b = mk(Expr::Braced, at);
        if (!args(b->kids, "}"))
          return nullptr;
        return b;
      }
      if (k.text == "[") { // a lambda: [&] (params) { body }
        size_t close = matchBracket(t, p);
        if (close == StringRef::npos || close >= end)
          return fail("unbalanced '['");
        p = close + 1;
        if (is("(")) {
          size_t pc = matchBracket(t, p);
          if (pc == StringRef::npos || pc >= end)
            return fail("unbalanced '('");
          p = pc + 1;
        }
        while (!atEnd() && cur().kind == Tok::Ident) // mutable, -> T
          ++p;
        if (!is("{"))
          return fail("expected a lambda body");
        size_t bc = matchBracket(t, p);
        if (bc == StringRef::npos || bc >= end)
          return fail("unbalanced '{'");
        ExprP l = mk(Expr::Lambda, at);
        l->lambdaBody = p + 1;
        l->lambdaEnd = bc;
        p = bc + 1;
        return l;
      }
      return fail("unexpected '" + k.text + "'");
    }
    default:
      return fail("unexpected '" + k.text + "'");
    }
  }
};
} // namespace

ExprP cpp::parseExpr(const std::vector<Tok> &toks, size_t &pos, size_t end, std::string &error,
                     size_t &errorAt) {
  ExprParser ps(toks, pos, end);
  ExprP e = ps.parseAssignLevel();
  if (!e) {
    error = ps.error.empty() ? "cannot parse the expression" : ps.error;
    errorAt = ps.errorAt;
    return nullptr;
  }
  pos = ps.p;
  return e;
}
