//===- PyLite.cpp - PyLite module helpers and parseModule ------------------===//
#include "PyLiteImpl.h"

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

using namespace kfix::py::detail;

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
