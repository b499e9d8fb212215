//===- FixItsOperands.cpp - fix-its: an operator's operands in place -----===//
//
// A repair that keeps an operator and changes its operands (a divisor, a
// constant, a conversion dropped, an argument of an inlined helper) is
// delivered by reprinting only the changed operands where the file writes
// them, their extents read with C precedence; the rest of the statement keeps
// the file's text. Declared in FixIts.h; called from FixIts::regenerate.
//
//===----------------------------------------------------------------------===//
#include "FixIts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include <set>

using namespace mlir;

namespace kfix::delivery {

//===----------------------------------------------------------------------===//
// Operands of an unchanged operator printed in place
//===----------------------------------------------------------------------===//

/// The C precedence of a binary operator token (0: not one).
static unsigned binaryPrec(llvm::StringRef tok) {
  return llvm::StringSwitch<unsigned>(tok)
      .Cases({"*", "/", "%"}, 13)
      .Cases({"+", "-"}, 12)
      .Cases({"<<", ">>"}, 11)
      .Cases({"<", "<=", ">", ">="}, 10)
      .Cases({"==", "!="}, 9)
      .Case("&", 8)
      .Case("^", 7)
      .Case("|", 6)
      .Case("&&", 5)
      .Case("||", 4)
      .Default(0);
}

static bool isOpChar(char c) { return llvm::StringRef("+-*/%<>=!&|^~").contains(c); }

/// The operator token starting at `i` (the longest of the C spellings).
static llvm::StringRef opTokenAt(const std::string &t, size_t i) {
  static const char *const toks[] = {"<<=", ">>=", "<<", ">>", "<=", ">=", "==", "!=", "&&",
                                     "||",  "+=",  "-=", "*=", "/=", "%=", "&=", "|=", "^=",
                                     "++",  "--",  "->", "+",  "-",  "*",  "/",  "%",  "<",
                                     ">",   "=",   "!",  "&",  "|",  "^",  "~"};
  llvm::StringRef rest = llvm::StringRef(t).drop_front(i);
  for (const char *k : toks)
    if (rest.starts_with(k))
      return rest.take_front(llvm::StringRef(k).size());
  return {};
}

/// The extent of the right operand of a binary operator of precedence `prec`
/// that ends at `from`: up to a binary operator binding no tighter, or the
/// end of the enclosing expression. npos when it cannot be read.
static std::optional<std::pair<size_t, size_t>> rightOperand(const std::string &t, size_t from,
                                                             unsigned prec) {
  size_t b = from;
  // The operand may start on the next line (`a +\n    b`).
  while (b < t.size() && std::isspace((unsigned char)t[b]))
    ++b;
  size_t i = b;
  int depth = 0;
  bool expectOperand = true;
  while (i < t.size()) {
    char c = t[i];
    if (c == '(' || c == '[') {
      ++depth, ++i, expectOperand = true;
      continue;
    }
    if (c == ')' || c == ']') {
      if (depth-- == 0)
        break;
      ++i, expectOperand = false;
      continue;
    }
    if (depth > 0) {
      ++i;
      continue;
    }
    if (llvm::StringRef(";,?:{}\n").contains(c))
      break;
    if (isOpChar(c)) {
      llvm::StringRef tok = opTokenAt(t, i);
      if (tok == "->" || ((tok == "++" || tok == "--") && !expectOperand)) {
        i += tok.size();
        continue;
      }
      if (expectOperand) { // a unary operator
        i += tok.size();
        continue;
      }
      unsigned p = binaryPrec(tok);
      if (!p || p <= prec)
        break;
      i += tok.size(), expectOperand = true;
      continue;
    }
    if (isIdent(c)) {
      size_t e = tokenEnd(t, i);
      llvm::StringRef word = llvm::StringRef(t).slice(i, e);
      i = e;
      if (word.ends_with("_cast")) { // static_cast<T>(...)
        while (i < t.size() && t[i] == ' ')
          ++i;
        if (i < t.size() && t[i] == '<') {
          size_t g = t.find('>', i);
          if (g == std::string::npos)
            return std::nullopt;
          i = g + 1;
        }
      }
      expectOperand = false;
      continue;
    }
    if (c != ' ' && c != '.')
      expectOperand = false;
    ++i;
  }
  size_t e = i;
  while (e > b && t[e - 1] == ' ')
    --e;
  if (e <= b)
    return std::nullopt;
  return std::make_pair(b, e);
}

/// The extent of the left operand of a (left-associative) binary operator
/// of precedence `prec` that starts at `to`.
static std::optional<std::pair<size_t, size_t>> leftOperand(const std::string &t, size_t to,
                                                            unsigned prec) {
  size_t e = to;
  while (e > 0 && t[e - 1] == ' ')
    --e;
  size_t i = e;
  int depth = 0;
  // The character before position `k`, skipping blanks (0 at the start).
  auto before = [&](size_t k) {
    while (k > 0 && (t[k - 1] == ' ' || t[k - 1] == '\n'))
      --k;
    return k ? t[k - 1] : '\0';
  };
  while (i > 0) {
    char c = t[i - 1];
    if (c == ')' || c == ']') {
      ++depth, --i;
      continue;
    }
    if (c == '(' || c == '[') {
      if (depth-- == 0)
        break;
      --i;
      continue;
    }
    if (depth > 0) {
      --i;
      continue;
    }
    if (llvm::StringRef(";,?:{}\n").contains(c))
      break;
    if (isOpChar(c)) {
      size_t s = i - 1;
      while (s > 0 && isOpChar(t[s - 1]))
        --s;
      llvm::StringRef tok = llvm::StringRef(t).slice(s, i);
      if (tok == "->") {
        i = s;
        continue;
      }
      char prev = before(s);
      bool unary = !prev || isOpChar(prev) || llvm::StringRef("(,[?:;{=").contains(prev);
      if (unary && tok != "=" && !tok.ends_with("=")) {
        i = s;
        continue;
      }
      unsigned p = binaryPrec(tok);
      if (!p || p < prec)
        break;
      i = s;
      continue;
    }
    if (isIdent(c)) {
      size_t s = i;
      while (s > 0 && isIdent(t[s - 1]))
        --s;
      llvm::StringRef word = llvm::StringRef(t).slice(s, i);
      if (word == "return" || word == "case")
        break;
      i = s;
      continue;
    }
    --i;
  }
  size_t b = i;
  while (b < e && (t[b] == ' ' || t[b] == '\n'))
    ++b;
  if (e <= b)
    return std::nullopt;
  return std::make_pair(b, e);
}

std::optional<std::pair<size_t, size_t>> FixIts::conversionOperand(size_t b, size_t e) {
  const std::string &t = src.text;
  llvm::StringRef x = llvm::StringRef(t).slice(b, e);
  size_t open;
  if (x.starts_with("(")) {
    // `(T)inner`: the type's parentheses, then the operand.
    size_t close = matchClose(t, b);
    if (close == std::string::npos || close + 1 >= e)
      return std::nullopt;
    size_t ib = close + 1;
    while (ib < e && t[ib] == ' ')
      ++ib;
    return std::make_pair(ib, e);
  }
  // `T(inner)`, `__float2bfloat16(inner)`, `static_cast<T>(inner)`.
  open = x.find('(');
  if (open == llvm::StringRef::npos || open == 0)
    return std::nullopt;
  llvm::StringRef head = x.take_front(open).rtrim();
  if (!llvm::all_of(head, [](char c) { return isIdent(c) || c == '<' || c == '>' || c == ' '; }))
    return std::nullopt;
  size_t close = matchClose(t, b + open);
  if (close != e - 1)
    return std::nullopt;
  return std::make_pair(b + open + 1, close);
}

bool FixIts::operandsInPlace(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1 ||
      !isa_and_nonnull<arith::ArithDialect>(op->getDialect()))
    return false;
  // The repair kept the operator (or made it again, at its location). An
  // inlined helper's copies share their locations: the copy whose operands
  // come from the same places is this op's.
  auto keyOf = [&](Value v) -> std::optional<OpKey> {
    if (Operation *d = v.getDefiningOp())
      return key(d);
    return std::nullopt;
  };
  Operation *cp = nullptr;
  int best = -1;
  if (original)
    original.walk([&](Operation *x) {
      if (key(x) != key(op) || x->getNumOperands() != op->getNumOperands())
        return;
      int same = 0;
      for (unsigned i = 0; i < x->getNumOperands(); ++i)
        same += keyOf(x->getOperand(i)) == keyOf(op->getOperand(i));
      if (same > best)
        best = same, cp = x;
    });
  if (!cp || cp->getName() != op->getName())
    return false;
  // In the same place of its expression: its users are where the original's
  // were (`sqrt(v) + eps` made `sqrt(v + eps)` moved the add under the sqrt).
  auto userKeys = [&](Operation *x) {
    std::set<OpKey> ks;
    for (Operation *u : x->getUsers())
      ks.insert(key(u));
    return ks;
  };
  if (userKeys(op) != userKeys(cp))
    return false;
  // The add of a pointer variable's offset to an access's index (`b[j]`
  // with `float *b = smem + n;`): operand 0 is written once, as the right
  // operand of the declaration's `+`; the access's own index is not this
  // repair's to print there.
  auto from = op->getAttrOfType<LocationAttr>("kfix.ptr_offset");
  std::optional<size_t> o;
  if (from) {
    if (auto l = fileLoc(from, base))
      o = src.offset(l->first, l->second);
  } else {
    o = at(op);
  }
  if (!o)
    return false;
  const std::string &t = src.text;
  llvm::StringRef tok = opTokenAt(t, *o);
  if (from && tok != "+")
    return false;
  // `acc += x`: the right-hand side is operand 1, up to the statement's end.
  bool compound = tok.size() == 2 && tok[1] == '=' && llvm::StringRef("+-*/").contains(tok[0]);
  unsigned prec = compound ? binaryPrec(tok.take_front(1)) : binaryPrec(tok);
  if (!prec || prec < 9)
    return false;
  auto lhs = compound ? std::optional<std::pair<size_t, size_t>>(std::make_pair(*o, *o))
                      : leftOperand(t, *o, prec);
  auto rhs = rightOperand(t, *o + tok.size(), compound ? 1 : prec);
  // (`i += nthreads * 4)` ends a `for` header's increment.)
  if (!lhs || !rhs ||
      (compound && (rhs->second >= t.size() || (t[rhs->second] != ';' && t[rhs->second] != ')'))))
    return false;
  std::pair<size_t, size_t> spans[2] = {*lhs, *rhs};
  if (from)
    spans[0] = *rhs;
  std::vector<SourceEdit> es, defEdit;
  for (unsigned i = compound ? 1 : 0; i < 2; ++i) {
    Value v = op->getOperand(i), was = cp->getOperand(i);
    // A conversion the repair dropped (`acc += acc_t(f(x))` accumulating in
    // float now): the file's conversion around the same value goes.
    if (Operation *cv = was.getDefiningOp();
        cv && cv->getNumOperands() == 1 &&
        isa<arith::TruncFOp, arith::ExtFOp, arith::SIToFPOp, arith::UIToFPOp, arith::FPToSIOp>(cv))
      if (Operation *in = cv->getOperand(0).getDefiningOp(), *vd0 = v.getDefiningOp();
          (v == cv->getOperand(0) || (in && vd0 && key(in) == key(vd0))) && at(cv) &&
          *at(cv) == spans[i].first)
        if (auto inner = conversionOperand(spans[i].first, spans[i].second)) {
          es.push_back(edit(spans[i].first, spans[i].second - spans[i].first,
                            t.substr(inner->first, inner->second - inner->first), "unconvert",
                            pass));
          continue;
        }
    // Unchanged: the same value, or an op the repair did not touch computing
    // at the same place.
    Operation *vd = v.getDefiningOp(), *wd = was.getDefiningOp();
    bool untouched = vd && wd && !vd->hasAttr("kfix.repaired") &&
                     (isa<arith::ConstantOp>(vd)
                          ? isa<arith::ConstantOp>(wd) && cast<arith::ConstantOp>(vd).getValue() ==
                                                              cast<arith::ConstantOp>(wd).getValue()
                          : key(vd) == key(wd));
    if (sameValue(v, was) || untouched)
      continue;
    if (from && i == 1)
      return false;
    auto [b, e] = spans[i];
    llvm::StringRef old = llvm::StringRef(t).slice(b, e);

    // A conversion the file leaves implicit (`x / (n - 1)` divides a float by
    // an int): print its operand, not a cast.
    Operation *d = v.getDefiningOp(), *od = was.getDefiningOp();
    if (d && od && d->getName() == od->getName() && d->getNumOperands() == 1 &&
        isa<arith::SIToFPOp, arith::UIToFPOp, arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp>(d) &&
        !old.contains("float") && !old.contains("double") && !old.contains("_cast") &&
        !old.contains("long"))
      v = d->getOperand(0);
    auto p = pr.print(v);
    if (!p)
      return false;
    // A named integer constant moved by a little (`KS` -> 2 where KS is 3):
    // `KS - 1`, not the literal.
    if (auto c = dyn_cast_or_null<arith::ConstantOp>(vd); c && isa<IntegerAttr>(c.getValue()))
      if (auto d = definitionOf(old.str()); d && isIdent(old[0])) {
        int64_t was;
        int64_t now = cast<IntegerAttr>(c.getValue()).getInt();
        if (!llvm::StringRef(d->value).getAsInteger(0, was) && now != was &&
            std::abs(now - was) <= 2)
          p = Printed{old.str() + (now > was ? " + " : " - ") + std::to_string(std::abs(now - was)),
                      12};
      }
    // Left-associative: the right operand needs parentheses at equal precedence.
    unsigned need = i == 0 && !from ? prec : prec + 1;
    std::string text = p->prec >= need ? p->text : "(" + p->text + ")";
    if (old == text)
      continue;
    es.push_back(edit(b, e - b, text, "regenerate", pass));
    // A named constant's new value (`x * GELU_K`): first at its definition
    // (`#define GELU_K 0.70710677f`), the use's literal the fallback.
    if (auto c = dyn_cast_or_null<arith::ConstantOp>(vd); c && isa<FloatType>(c.getType()))
      if (auto d = definitionOf(old.str()); d && old.size() && isIdent(old[0])) {
        std::string lit = p->text;
        if (d->offset + d->length < t.size() &&
            llvm::StringRef("fF").contains(t[d->offset + d->length]) && lit.size() > 1 &&
            lit.back() == 'f')
          lit.pop_back();
        defEdit.push_back(edit(d->offset, d->length, lit, "replace-token", pass));
      }
  }
  if (es.empty())
    return false;
  covered.insert(op);
  Site s;
  if (defEdit.size() == 1 && es.size() == 1)
    s.alternatives.push_back(std::move(defEdit));
  s.alternatives.push_back(std::move(es));
  return addSite(*o, "operands", std::move(s));
}

bool FixIts::lane(Operation *op, llvm::StringRef pass) {
  auto ex = dyn_cast<vector::ExtractOp>(op);
  auto o = at(op);
  if (!ex || !o || ex.hasDynamicPosition() || ex.getStaticPosition().size() != 1)
    return false;
  int64_t k = ex.getStaticPosition()[0];
  if (k < 0 || k > 3)
    return false;
  const std::string &t = src.text;
  // The loc is the vector's name (`yv`) or its member (`z`).
  size_t p = memberLetterAt(*o, "xyzw");
  if (p == std::string::npos)
    return false;
  std::string nl(1, "xyzw"[k]);
  if (nl == std::string(1, t[p]))
    return true;
  Site s;
  s.alternatives.push_back({edit(p, 1, nl, "replace-token", pass)});
  return addSite(p, "token", std::move(s));
}

} // namespace kfix::delivery
