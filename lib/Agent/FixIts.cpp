//===- FixIts.cpp - fix-its: collecting, statements whole, sites ---------===//
//
// (Statements the repair added: FixItsNew.cpp.)
//
#include "FixIts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>

using namespace mlir;

namespace kfix::delivery {

void FixIts::collect(ModuleOp m) {
  countOps(m);
  findDeleted(m);
  m.walk([&](gpu::GPUFuncOp f) {
    size_t firstSite = sites.size(), firstSoft = softEdits.size();
    collectIn(f);
    if (auto body = bodyRange(f)) {
      for (size_t i = firstSite; i < sites.size(); ++i)
        for (auto &alt : sites[i].alternatives)
          for (SourceEdit &e : alt)
            toHelperScope(e, *body);
      for (size_t i = firstSoft; i < softEdits.size(); ++i)
        toHelperScope(softEdits[i], *body);
    }
  });
}

void FixIts::collectIn(gpu::GPUFuncOp f) {
  {
    SrcPrinter pr(f, src);
    pr.localNames = &localNames;
    pr.base = base;
    nameNewLocals(f);
    for (Operation *c : wholeStmts)
      if (c->getParentOfType<gpu::GPUFuncOp>() == f && !covered.count(c) &&
          !regenerateWhole(c, pr) && unhandled.empty()) {
        unhandled = "a statement regenerated whole";
        unhandledOp = nullptr;
      }
    // Statements the repair added (a loop, an initialization): printed
    // whole and inserted between the file's statements.
    newStatements(f, pr);
    // Guards first: the comparisons and loads they wrap are theirs.
    f.walk([&](scf::IfOp op) {
      if (auto rep = op->getAttrOfType<StringAttr>("kfix.repaired"))
        if (!guard(op, rep.getValue(), pr) && unhandled.empty()) {
          unhandled = "scf.if (" + rep.getValue().str() + ")";
          unhandledOp = op;
        }
    });
    // Loops next: the bounds and steps a repair computed are theirs.
    f.walk([&](scf::ForOp op) {
      if (auto rep = op->getAttrOfType<StringAttr>("kfix.repaired"))
        if (!covered.count(op) && !forLoop(op, rep.getValue(), pr) && unhandled.empty()) {
          unhandled = "scf.for (" + rep.getValue().str() + ")";
          unhandledOp = op;
        }
    });
    f.walk([&](Operation *op) {
      auto rep = op->getAttrOfType<StringAttr>("kfix.repaired");
      if (!rep || op == f.getOperation())
        return;
      std::string pass = rep.getValue().str();
      if (!handle(op, pass, pr) && unhandled.empty()) {
        std::string w;
        llvm::raw_string_ostream os(w);
        os << op->getName() << " (" << pass << ")";
        if (auto l = fileLoc(op->getLoc(), base))
          os << " at line " << l->first;
        unhandled = w;
        unhandledOp = op;
      }
    });
    for (auto &[c, pass] : foldedUses)
      if (!editedDefs.count(pass) && unhandled.empty())
        unhandled = "arith.constant (" + pass + ")";
    foldedUses.clear();
    if (auto rep = f->getAttrOfType<StringAttr>("kfix.repaired"); rep && unhandled.empty())
      if (!sharedExtents(f, rep.getValue()))
        unhandled = "gpu.func (" + rep.getValue().str() + ")";
  }
}

//===----------------------------------------------------------------------===//
// Statements regenerated whole
//===----------------------------------------------------------------------===//

void FixIts::findDeleted(ModuleOp m) {
  if (!original)
    return;
  std::set<OpKey> present;
  m.walk([&](Operation *op) { present.insert(key(op)); });
  original.walk([&](Operation *op) {
    if (isStatement(op) && fileLoc(op->getLoc(), base) && !present.count(key(op)))
      deleted.push_back(op);
  });
}

Operation *FixIts::enclosingCompound(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp()) {
    if (isa<gpu::GPUFuncOp>(p))
      return nullptr;
    if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp>(p) || wholeStmts.count(p))
      continue;
    if (auto i = dyn_cast<scf::IfOp>(p); i && i.getNumResults())
      continue;
    if (getenv("KFIX_DELIVERY_DEBUG"))
      llvm::errs() << "  enclosing " << p->getName() << ": counterpart " << (bool)counterpart(p)
                   << " new " << isNew(p) << " range " << (bool)stmtRange(p) << "\n";
    if (counterpart(p) && !isNew(p) && stmtRange(p))
      return p;
  }
  return nullptr;
}

Operation *FixIts::compoundForDeleted(ModuleOp m) {
  for (Operation *d : deleted) {
    for (Operation *p = d->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp()) {
      if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp>(p))
        continue;
      Operation *r = nullptr;
      m.walk([&](Operation *x) {
        if (!r && key(x) == key(p) && !isNew(x))
          r = x;
      });
      if (r && !wholeStmts.count(r) && stmtRange(r))
        return r;
      if (r && wholeStmts.count(r))
        break;
    }
  }
  return nullptr;
}

std::optional<std::pair<size_t, size_t>> FixIts::stmtRange(Operation *op) {
  auto o = at(op);
  if (!o)
    return std::nullopt;
  size_t e = stmtEndAt(*o, 0);
  if (e == std::string::npos)
    return std::nullopt;
  return std::make_pair(*o, e);
}

size_t FixIts::stmtEndAt(size_t o, int depth) {
  const std::string &t = src.text;
  if (depth > 8 || o >= t.size())
    return std::string::npos;
  auto kw = [&](llvm::StringRef k) {
    return t.compare(o, k.size(), k.str()) == 0 && !isIdent(t[o + k.size()]);
  };
  auto skip = [&](size_t p) {
    while (p < t.size() && std::isspace((unsigned char)t[p]))
      ++p;
    return p;
  };
  if (t[o] == '{') {
    int d = 0;
    for (size_t i = o; i < t.size(); ++i)
      if (t[i] == '{')
        ++d;
      else if (t[i] == '}' && --d == 0)
        return i + 1;
    return std::string::npos;
  }
  if (kw("for") || kw("while") || kw("if")) {
    size_t lp = t.find('(', o);
    size_t rp = lp == std::string::npos ? lp : matchClose(t, lp);
    if (rp == std::string::npos)
      return rp;
    size_t e = stmtEndAt(skip(rp + 1), depth + 1);
    if (e == std::string::npos || !kw("if"))
      return e;
    size_t q = skip(e);
    if (t.compare(q, 4, "else") == 0 && !isIdent(t[q + 4]))
      return stmtEndAt(skip(q + 4), depth + 1);
    return e;
  }
  size_t e = statementEnd(t, o);
  return e == std::string::npos ? e : e + 1;
}

bool FixIts::regenerateWhole(Operation *c, SrcPrinter &pr) {
  auto r = stmtRange(c);
  if (!r)
    return false;
  auto [b, e] = *r;
  unsigned line = src.lineOf(b);
  std::string ind = src.indentOf(line);
  std::vector<Operation *> ops;
  for (Operation *x = c->getPrevNode(); x; x = x->getPrevNode()) {
    if (!isStatement(x))
      continue;
    auto o = at(x);
    if (!o || *o < b || *o >= e)
      break;
    ops.insert(ops.begin(), x);
  }
  ops.push_back(c);
  // Locals declared inside the statement's text (a `for`'s variable).
  declareHere.clear();
  c->getParentOfType<gpu::GPUFuncOp>().walk([&](memref::AllocaOp al) {
    auto o = at(al);
    if (o && *o >= b && *o < e && !localNames.count(al))
      declareHere.insert(al);
  });
  std::string text;
  for (Operation *x : ops) {
    auto st = stmt(x, pr, ind);
    if (!st) {
      declareHere.clear();
      return false;
    }
    text += *st;
  }
  declareHere.clear();
  for (Operation *x : ops)
    coverSlice(x);
  llvm::StringRef body(text);
  body.consume_front(ind);
  if (body.ends_with("\n"))
    body = body.drop_back();
  Site s;
  s.alternatives.push_back({edit(b, e - b, body.str(), "regenerate-statement", passOf(c))});
  return addSite(b, "whole", std::move(s));
}

std::string FixIts::passOf(Operation *op) {
  std::string p;
  op->walk([&](Operation *x) {
    if (auto r = x->getAttrOfType<StringAttr>("kfix.repaired"); r && p.empty())
      p = r.getValue().str();
  });
  return p;
}

//===----------------------------------------------------------------------===//
// Sites, and the original's op for a repaired one
//===----------------------------------------------------------------------===//

std::optional<size_t> FixIts::at(Operation *op) {
  auto l = fileLoc(op->getLoc(), base);
  if (!l)
    return std::nullopt;
  return src.offset(l->first, l->second);
}

SourceEdit FixIts::edit(size_t off, size_t len, std::string text, llvm::StringRef kind,
                        llvm::StringRef pass) {
  SourceEdit e;
  e.offset = off, e.length = len, e.text = std::move(text), e.kind = kind.str();
  e.pass = pass.str(), e.line = src.lineOf(off);
  return e;
}

bool FixIts::addSite(size_t key, llvm::StringRef kind, Site s) {
  if (s.alternatives.empty())
    return false;
  if (seen.insert({key, kind.str()}).second)
    sites.push_back(std::move(s));
  return true;
}

bool FixIts::sameValue(Value a, Value b) {
  Operation *d = a.getDefiningOp(), *od = b.getDefiningOp();
  if (!d || !od)
    return a == b ||
           (isa<BlockArgument>(a) && isa<BlockArgument>(b) &&
            cast<BlockArgument>(a).getArgNumber() == cast<BlockArgument>(b).getArgNumber());
  return sameAs(d, od, 1);
}

bool FixIts::recreated(Operation *op) {
  Operation *cp = counterpart(op);
  return cp && sameAs(op, cp, 0);
}

bool FixIts::sameAs(Operation *op, Operation *cp, unsigned depth) {
  if (depth > 24 || op->getName() != cp->getName() || op->getLoc() != cp->getLoc() ||
      op->getNumRegions() || cp->getNumOperands() != op->getNumOperands() ||
      cp->getResultTypes() != op->getResultTypes())
    return false;
  auto attrs = [](Operation *x) {
    llvm::SmallVector<NamedAttribute> out;
    for (NamedAttribute a : x->getAttrs())
      if (!a.getName().getValue().starts_with("kfix."))
        out.push_back(a);
    return out;
  };
  if (attrs(op) != attrs(cp))
    return false;
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    Operation *d = op->getOperand(i).getDefiningOp();
    Operation *od = cp->getOperand(i).getDefiningOp();
    // (A repaired constant leaves its edit to its repaired user.)
    if (d && d->hasAttr("kfix.repaired") && !isa<arith::ConstantOp>(d))
      continue;
    if (!d || !od) {
      if (op->getOperand(i) != cp->getOperand(i) &&
          !(isa<BlockArgument>(op->getOperand(i)) && isa<BlockArgument>(cp->getOperand(i)) &&
            cast<BlockArgument>(op->getOperand(i)).getArgNumber() ==
                cast<BlockArgument>(cp->getOperand(i)).getArgNumber() &&
            isa<gpu::GPUFuncOp>(cast<BlockArgument>(op->getOperand(i)).getOwner()->getParentOp())))
        return false;
      continue;
    }
    if (isa<memref::AllocaOp>(d) || isa<memref::AllocaOp>(od)) {
      if (key(d) != key(od))
        return false;
      continue;
    }
    if (!sameAs(d, od, depth + 1))
      return false;
  }
  return true;
}

Operation *FixIts::counterpart(Operation *op) {
  if (origByKey.empty() && original)
    original.walk([&](Operation *x) { origByKey.insert({key(x), x}); });
  auto it = origByKey.find(key(op));
  return it == origByKey.end() ? nullptr : it->second;
}

Operation *FixIts::counterpartSlow(Operation *op) {
  Operation *found = nullptr;
  if (original)
    original.walk([&](Operation *x) {
      if (!found && x->getName() == op->getName() && x->getLoc() == op->getLoc())
        found = x;
    });
  return found;
}

//===----------------------------------------------------------------------===//
// Statements regenerated in the file's names
//===----------------------------------------------------------------------===//

bool FixIts::leavesHelper(Operation *from, Operation *to) {
  auto f = from->getParentOfType<gpu::GPUFuncOp>();
  auto body = f ? bodyRange(f) : std::nullopt;
  auto a = at(from), b = at(to);
  if (!body || !a || !b)
    return false;
  auto inside = [&](size_t o) { return o >= body->first && o < body->second; };
  return !inside(*a) && inside(*b);
}

bool FixIts::regenerateReturn(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
  auto o = at(op);
  if (!o || op->getNumResults() != 1)
    return false;
  const std::string &t = src.text;
  // The statement holding the op: back to the last `;`, `{` or `}`.
  size_t s = *o;
  while (s > 0 && !llvm::StringRef(";{}").contains(t[s - 1]))
    --s;
  while (s < *o && std::isspace((unsigned char)t[s]))
    ++s;
  if (llvm::StringRef(t).substr(s, 6) != "return" || (s + 6 < t.size() && isIdent(t[s + 6])))
    return false;
  size_t b = s + 6;
  while (b < t.size() && t[b] == ' ')
    ++b;
  size_t end = statementEnd(t, b);
  if (end == std::string::npos || end <= b)
    return false;
  pr.helperScope = true;
  auto p = pr.print(op->getResult(0));
  pr.helperScope = false;
  if (!p)
    return false;
  if (t.substr(b, end - b) == p->text)
    return true;
  Site site;
  site.alternatives.push_back({edit(b, end - b, p->text, "regenerate", pass)});
  return addSite(b, "regen", std::move(site));
}

bool FixIts::regenerate(Operation *op, llvm::StringRef pass, SrcPrinter &pr) {
  // Follow the value to the store that ends its statement; the first
  // operator on the way that the repair kept gets its changed operands
  // printed in place when the file's text lets them be read off.
  Operation *cur = op;
  for (int hop = 0; hop < 32 && !isa<memref::StoreOp>(cur); ++hop) {
    if (operandsInPlace(cur, pass, pr))
      return true;
    if (cur->getNumResults() != 1 || !cur->getResult(0).hasOneUse())
      break;
    Operation *u = *cur->getResult(0).getUsers().begin();
    if (u->getBlock() != op->getBlock())
      break;
    // The value leaves an inlined helper (a functor's operator(), a member
    // function): its return expression is what changed, not the caller's.
    if (leavesHelper(cur, u))
      return regenerateReturn(cur, pass, pr);
    cur = u;
  }
  auto st = dyn_cast<memref::StoreOp>(cur);
  if (!st) {
    // A comparison that feeds a condition (an `if`, a `?:`, a loop test):
    // its operands printed again where they changed.
    if (isa<arith::CmpIOp, arith::CmpFOp>(op))
      return comparisonOperands(op, pass, pr);
    return false;
  }
  if (covered.count(st))
    return true;
  auto o = at(st);
  if (!o)
    return false;
  const std::string &t = src.text;
  // The store's location is the assignment operator or the declared name.
  size_t eq = *o;
  if (isIdent(t[eq])) {
    eq = tokenEnd(t, eq);
    while (eq < t.size() && t[eq] == ' ')
      ++eq;
    if (eq < t.size() && t[eq] == '[')
      return false; // an array element declared: not a simple statement
  }
  std::string opText;
  size_t rhs = eq;
  while (rhs < t.size() && llvm::StringRef("+-*/%&|^<>=").contains(t[rhs]))
    opText += t[rhs++];
  if (opText.empty() || opText.back() != '=' || opText == "==")
    return false;
  size_t end = statementEnd(t, rhs, /*atComma=*/true);
  if (end == std::string::npos)
    return false;
  Value v = st.getValue();
  std::string newOp = opText;
  if (opText != "=") {
    // `a op= b`: the stored value is `a op b`; print `b`.
    Operation *d = v.getDefiningOp();
    if (!d || d->getNumOperands() != 2)
      return false;
    v = d->getOperand(1);
  }
  auto p = pr.print(v);
  if (!p)
    return false;
  covered.insert(st);
  size_t b = rhs;
  while (b < end && t[b] == ' ')
    ++b;
  std::string old = t.substr(b, end - b);
  if (old == p->text)
    return true;
  Site s;
  s.alternatives.push_back({edit(b, end - b, p->text, "regenerate", pass)});
  return addSite(b, "regen", std::move(s));
}

} // namespace kfix::delivery
