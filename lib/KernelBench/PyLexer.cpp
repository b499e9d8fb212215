//===- PyLexer.cpp - tokenizer and string-literal decoding for PyLite ------===//
#include "PyLiteImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <algorithm>

using namespace kfix;
using namespace kfix::py;
using namespace kfix::py::detail;
using llvm::StringRef;

bool Lexer::run() {
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

bool Lexer::lexString(size_t begin, size_t quotePos) {
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
