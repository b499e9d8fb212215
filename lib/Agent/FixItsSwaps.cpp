//===- FixItsSwaps.cpp - fix-its: values, names and arguments exchanged ---===//
//
// Repairs that exchange two things the file spells: two values a statement
// reads (kfix-repair-swap-values), two names of a formula (the `exchange`
// edit), the two arguments of atan2/pow/copysign. Each is delivered as the
// file's own texts swapped, so a helper call stays a call. One argument of a
// helper call replaced (the `callarg` edit) is delivered at the call too.
//
//===----------------------------------------------------------------------===//
#include "FixIts.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace kfix::delivery {

bool FixIts::swappedValues(Operation *root, llvm::StringRef pass) {
  auto func = root->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return false;
  const std::string &t = src.text;
  // The file's text of each marked read, by side.
  std::vector<std::pair<size_t, size_t>> spans[2];
  bool ok = true;
  func.walk([&](Operation *op) {
    auto k = op->getAttrOfType<IntegerAttr>("kfix.swap");
    if (!k || k.getInt() < 0 || k.getInt() > 1)
      return;
    auto o = at(op);
    if (!o || !isIdent(t[*o])) {
      ok = false;
      return;
    }
    size_t e = postfixEnd(t, *o);
    if (e == std::string::npos || e <= *o) {
      ok = false;
      return;
    }
    spans[k.getInt()].push_back({*o, e});
  });
  if (!ok || spans[0].empty() || spans[1].empty())
    return false;
  // Each side reads one text (`tv` everywhere), the two differ.
  std::string text[2];
  for (unsigned k = 0; k < 2; ++k) {
    llvm::sort(spans[k]);
    spans[k].erase(std::unique(spans[k].begin(), spans[k].end()), spans[k].end());
    text[k] = t.substr(spans[k][0].first, spans[k][0].second - spans[k][0].first);
    for (auto [b, e] : spans[k])
      if (t.substr(b, e - b) != text[k])
        return false;
  }
  if (text[0] == text[1])
    return false;
  std::vector<SourceEdit> es;
  for (unsigned k = 0; k < 2; ++k)
    for (auto [b, e] : spans[k])
      es.push_back(edit(b, e - b, text[1 - k], "swap-values", pass));
  covered.insert(root);
  Site s;
  s.alternatives.push_back(std::move(es));
  return addSite(spans[0][0].first, "swap-values", std::move(s));
}

bool FixIts::exchangedNames(Operation *op, llvm::StringRef pass) {
  // The store the edit marked: op itself, or the store a new read feeds.
  Operation *root = op;
  for (unsigned steps = 0; root && !root->hasAttr("kfix.exchange") && steps < 16; ++steps) {
    if (root->getNumResults() != 1 || !root->getResult(0).hasOneUse())
      return false;
    root = *root->getResult(0).getUsers().begin();
  }
  if (!root || (root != op && !op->hasAttr("kfix.swap")))
    return false;
  auto names = root->getAttrOfType<ArrayAttr>("kfix.exchange");
  auto o = at(root);
  if (!names || names.size() != 2 || !o)
    return false;
  std::string name[2];
  for (unsigned k = 0; k < 2; ++k) {
    auto n = dyn_cast<StringAttr>(names[k]);
    if (!n || n.getValue().empty())
      return false;
    name[k] = n.getValue().str();
  }
  const std::string &t = src.text;
  // The statement: from the store's position to its `;` (or the `,` of the
  // next declarator) outside brackets, its value after the `=` of a
  // declaration or assignment.
  size_t end = *o;
  for (int depth = 0; end < t.size(); ++end) {
    char c = t[end];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth-- == 0)
      return false;
    else if ((c == ';' || c == ',') && depth == 0)
      break;
  }
  if (end >= t.size())
    return false;
  size_t begin = *o;
  if (size_t eq = t.find('=', *o); eq < end && t[eq + 1] != '=')
    begin = eq + 1;
  // Each identifier token that spells one of the names (not a member).
  std::vector<SourceEdit> es;
  bool seen[2] = {false, false};
  for (size_t i = begin; i < end;) {
    if (!isIdent(t[i]) || (i > 0 && isIdent(t[i - 1]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < end && isIdent(t[j]))
      ++j;
    llvm::StringRef tok = llvm::StringRef(t).slice(i, j);
    bool member = i > 0 && (t[i - 1] == '.' || (i > 1 && t[i - 2] == '-' && t[i - 1] == '>'));
    for (unsigned k = 0; k < 2 && !member && !std::isdigit(tok[0]); ++k)
      if (tok == name[k]) {
        seen[k] = true;
        es.push_back(edit(i, j - i, name[1 - k], "exchange", pass));
      }
    i = j;
  }
  if (!seen[0] || !seen[1])
    // The two locals exchanged at their every read (the statement reads
    // one of them): those reads swapped where they are.
    return root == op && swappedValues(root, pass);
  // The store and the expression it stores (a load and its index) are this
  // edit.
  covered.insert(root);
  llvm::SmallVector<Operation *> work;
  for (Value v : isa<memref::LoadOp>(root) ? root->getOperands().drop_front()
                                           : root->getOperands().take_front())
    if (Operation *d = v.getDefiningOp())
      work.push_back(d);
  while (!work.empty()) {
    Operation *d = work.pop_back_val();
    if (!covered.insert(d).second || isa<memref::LoadOp>(d))
      continue;
    for (Value v : d->getOperands())
      if (Operation *dd = v.getDefiningOp())
        work.push_back(dd);
  }
  covered.insert(op);
  Site s;
  s.alternatives.push_back(std::move(es));
  return addSite(begin, "exchange", std::move(s));
}

bool FixIts::swappedCall(Operation *op, llvm::StringRef pass) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1 ||
      !isa<math::Atan2Op, math::PowFOp, math::CopySignOp>(op))
    return false;
  Operation *cp = counterpart(op);
  if (!cp || cp->getName() != op->getName() || cp->getNumOperands() != 2)
    return false;
  auto same = [&](Value a, Value b) {
    Operation *d = a.getDefiningOp();
    return !(d && d->hasAttr("kfix.repaired")) && sameValue(a, b);
  };
  if (!same(op->getOperand(0), cp->getOperand(1)) || !same(op->getOperand(1), cp->getOperand(0)))
    return false;
  auto o = at(op);
  if (!o)
    return false;
  const std::string &t = src.text;
  size_t p = *o;
  while (p < t.size() && (isIdent(t[p]) || t[p] == ':'))
    ++p; // the callee: atan2f, std::pow
  while (p < t.size() && t[p] == ' ')
    ++p;
  if (p >= t.size() || t[p] != '(')
    return false;
  size_t a0 = p + 1, comma = std::string::npos, end = std::string::npos;
  int depth = 0;
  for (size_t i = a0; i < t.size() && end == std::string::npos; ++i) {
    char c = t[i];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}') {
      if (depth-- == 0)
        end = i;
    } else if (c == ',' && depth == 0) {
      if (comma != std::string::npos)
        return false; // more than two arguments
      comma = i;
    } else if (c == ';')
      return false;
  }
  if (comma == std::string::npos || end == std::string::npos)
    return false;
  llvm::StringRef first = llvm::StringRef(t).slice(a0, comma).trim();
  llvm::StringRef second = llvm::StringRef(t).slice(comma + 1, end).trim();
  if (first.empty() || second.empty())
    return false;
  size_t b = a0;
  while (b < comma && t[b] == ' ')
    ++b;
  size_t e = end;
  while (e > comma + 1 && t[e - 1] == ' ')
    --e;
  std::string sep = llvm::StringRef(t).slice(comma, comma + 2) == ", " ? ", " : ",";
  covered.insert(op);
  Site st;
  st.alternatives.push_back({edit(b, e - b, (second + sep + first).str(), "swap-arguments", pass)});
  return addSite(b, "swap-arguments", std::move(st));
}

bool FixIts::callArgument(Operation *op, llvm::StringRef pass) {
  auto mark = op->getAttrOfType<StringAttr>("kfix.callarg-edit");
  if (!mark)
    return false;
  auto [range, name] = mark.getValue().split('=');
  llvm::SmallVector<llvm::StringRef> f;
  range.split(f, ':');
  unsigned v[4];
  if (f.size() != 4 || name.empty())
    return false;
  for (unsigned k = 0; k < 4; ++k)
    if (f[k].getAsInteger(10, v[k]))
      return false;
  auto b = src.offset(v[0], v[1]), e = src.offset(v[2], v[3]);
  if (!b || !e || *e <= *b)
    return false;
  covered.insert(op);
  Site s;
  s.alternatives.push_back({edit(*b, *e - *b, name.str(), "call-argument", pass)});
  addSite(*b, "call-argument", std::move(s));
  return true;
}

} // namespace kfix::delivery
