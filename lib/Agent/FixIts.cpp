//===- FixIts.cpp - fix-its: collecting, statements whole and new ---------===//
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
// New statements
//===----------------------------------------------------------------------===//

FixIts::OpKey FixIts::key(Operation *op) {
  return {op->getName().getStringRef().str(), op->getLoc().getAsOpaquePointer()};
}

void FixIts::countOps(ModuleOp m) {
  if (original)
    original.walk([&](Operation *op) { ++origCount[key(op)]; });
  m.walk([&](Operation *op) {
    if (!op->hasAttr("kfix.repaired"))
      ++unrepCount[key(op)];
  });
}

unsigned FixIts::countIn(const std::map<OpKey, unsigned> &m, Operation *op) {
  auto it = m.find(key(op));
  return it == m.end() ? 0 : it->second;
}

bool FixIts::isNew(Operation *op) {
  if (!op->hasAttr("kfix.repaired") || !original)
    return false;
  unsigned o = countIn(origCount, op);
  return o == 0 || countIn(unrepCount, op) >= o;
}

bool FixIts::isCopy(Operation *op) { return countIn(unrepCount, op) > countIn(origCount, op); }

bool FixIts::isStatement(Operation *op) {
  if (isa<memref::StoreOp, gpu::BarrierOp, scf::ForOp, scf::WhileOp, memref::AtomicRMWOp>(op))
    return true;
  if (auto i = dyn_cast<scf::IfOp>(op))
    return i.getNumResults() == 0;
  return op->getNumRegions() > 0;
}

memref::AllocaOp FixIts::loopVar(scf::ForOp f) {
  for (Operation *u : f.getInductionVar().getUsers())
    if (auto st = dyn_cast<memref::StoreOp>(u))
      if (st.getValue() == f.getInductionVar())
        if (auto al = st.getMemRef().getDefiningOp<memref::AllocaOp>())
          return al;
  return {};
}

std::optional<std::string> FixIts::stmts(Block &block, SrcPrinter &pr, const std::string &ind,
                                         Value skipIv) {
  std::string out;
  for (Operation &op : block) {
    if (isa<scf::YieldOp>(op) || !isStatement(&op))
      continue;
    if (auto st = dyn_cast<memref::StoreOp>(op); st && skipIv && st.getValue() == skipIv)
      continue;
    auto s = stmt(&op, pr, ind);
    if (!s)
      return std::nullopt;
    out += *s;
  }
  return out;
}

std::optional<std::string> FixIts::stmt(Operation *op, SrcPrinter &pr, const std::string &ind) {
  const std::string step = "    ";
  if (isa<gpu::BarrierOp>(op))
    return ind + "__syncthreads();\n";
  if (auto st = dyn_cast<memref::StoreOp>(op)) {
    auto lhs = pr.access(st.getMemRef(), st.getIndices());
    if (!lhs)
      return std::nullopt;
    auto al = st.getMemRef().getDefiningOp<memref::AllocaOp>();
    if (al && declareHere.count(al)) {
      auto v = pr.print(st.getValue());
      if (!v)
        return std::nullopt;
      declareHere.erase(al);
      return ind + localType(al) + " " + *lhs + " = " + v->text + ";\n";
    }
    if (al && localNames.count(al) && !declared.count(al)) {
      auto v = pr.print(st.getValue());
      if (!v)
        return std::nullopt;
      declared.insert(al);
      return ind + localType(al) + " " + *lhs + " = " + v->text + ";\n";
    }
    // `x op= e` for `x = x op e`.
    if (Operation *d = st.getValue().getDefiningOp(); d && d->getNumOperands() == 2) {
      llvm::StringRef sym =
          llvm::TypeSwitch<Operation *, llvm::StringRef>(d)
              .Case<arith::AddFOp, arith::AddIOp>([](auto) { return "+="; })
              .Case<arith::SubFOp, arith::SubIOp>([](auto) { return "-="; })
              .Case<arith::MulFOp, arith::MulIOp>([](auto) { return "*="; })
              .Case<arith::DivFOp, arith::DivSIOp, arith::DivUIOp>([](auto) { return "/="; })
              .Case<arith::ShRSIOp, arith::ShRUIOp>([](auto) { return ">>="; })
              .Case<arith::ShLIOp>([](auto) { return "<<="; })
              .Default([](Operation *) { return ""; });
      if (auto ld = d->getOperand(0).getDefiningOp<memref::LoadOp>();
          !sym.empty() && ld && ld.getMemRef() == st.getMemRef()) {
        auto same = pr.access(ld.getMemRef(), ld.getIndices());
        auto r = pr.print(d->getOperand(1));
        if (same && *same == *lhs && r)
          return ind + *lhs + " " + sym.str() + " " + r->text + ";\n";
      }
    }
    auto v = pr.print(st.getValue());
    if (!v)
      return std::nullopt;
    return ind + *lhs + " = " + v->text + ";\n";
  }
  if (auto at = dyn_cast<memref::AtomicRMWOp>(op)) {
    if (!at.getResult().use_empty())
      return std::nullopt;
    llvm::StringRef fn;
    switch (at.getKind()) {
    case arith::AtomicRMWKind::addf:
    case arith::AtomicRMWKind::addi:
      fn = "atomicAdd";
      break;
    case arith::AtomicRMWKind::maxs:
    case arith::AtomicRMWKind::maxu:
      fn = "atomicMax";
      break;
    case arith::AtomicRMWKind::mins:
    case arith::AtomicRMWKind::minu:
      fn = "atomicMin";
      break;
    default:
      return std::nullopt;
    }
    auto lhs = pr.access(at.getMemref(), at.getIndices());
    auto v = pr.print(at.getValue());
    if (!lhs || !v)
      return std::nullopt;
    return ind + fn.str() + "(&" + *lhs + ", " + v->text + ");\n";
  }
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    auto var = loopVar(f);
    if (f.getNumResults())
      return std::nullopt;
    std::optional<std::string> name;
    std::string ty = "int";
    if (var) {
      name = pr.access(var.getResult(), {});
      ty = localType(var);
    } else {
      // A loop the repair built on its induction variable: a fresh name.
      std::string n = "kfix_i";
      for (unsigned k = 1; identInFile(n) || usedName(n); ++k)
        n = "kfix_i" + std::to_string(k);
      localNames[f] = n;
      pr.nameValue(f.getInductionVar(), n);
      name = n;
      ty = cTypeName(f.getInductionVar().getType());
    }
    auto lb = pr.print(f.getLowerBound()), ub = pr.print(f.getUpperBound()),
         stp = pr.print(f.getStep());
    if (!name || !lb || !ub || !stp)
      return std::nullopt;
    // A constant bound the file names (and no other name has its value).
    if (auto c = f.getUpperBound().getDefiningOp<arith::ConstantOp>())
      if (auto u = uniqueName(ub->text))
        ub->text = *u;
    std::string head = "for (" + ty + " " + *name + " = " + lb->text + "; " + *name + " < " +
                       ub->text + "; " +
                       (stp->text == "1" ? "++" + *name : *name + " += " + stp->text) + ")";
    auto body = stmts(*f.getBody(), pr, ind + step, f.getInductionVar());
    if (!body)
      return std::nullopt;
    return block(ind, head, *body);
  }
  if (auto w = dyn_cast<scf::WhileOp>(op)) {
    if (w.getNumResults() || !w.getInits().empty())
      return std::nullopt;
    auto cond = cast<scf::ConditionOp>(w.getBefore().front().getTerminator());
    if (!cond.getArgs().empty())
      return std::nullopt;
    for (Operation &x : w.getBefore().front())
      if (isStatement(&x))
        return std::nullopt;
    auto c = pr.print(cond.getCondition());
    auto body = stmts(w.getAfter().front(), pr, ind + step);
    if (!c || !body)
      return std::nullopt;
    return block(ind, "while (" + c->text + ")", *body);
  }
  if (auto i = dyn_cast<scf::IfOp>(op)) {
    if (i.getNumResults())
      return std::nullopt;
    auto c = pr.print(i.getCondition());
    auto then = stmts(i.getThenRegion().front(), pr, ind + step);
    if (!c || !then)
      return std::nullopt;
    std::string out = block(ind, "if (" + c->text + ")", *then);
    if (!i.getElseRegion().empty()) {
      auto els = stmts(i.getElseRegion().front(), pr, ind + step);
      if (!els)
        return std::nullopt;
      if (!els->empty()) {
        std::string eb = llvm::count(*els, '\n') == 1 ? " " + llvm::StringRef(*els).ltrim().str()
                                                      : " {\n" + *els + ind + "}\n";
        if (llvm::StringRef(out).rtrim().ends_with("}"))
          out = llvm::StringRef(out).rtrim().str() + " else" + eb;
        else
          out += ind + "else" + eb;
      }
    }
    return out;
  }
  return std::nullopt;
}

std::string FixIts::block(const std::string &ind, const std::string &head,
                          const std::string &body) {
  if (llvm::count(body, '\n') == 1 && ind.size() + head.size() + body.size() < 100)
    return ind + head + " " + llvm::StringRef(body).ltrim().str();
  if (llvm::count(body, '\n') == 1 && !head.empty())
    return ind + head + "\n" + body;
  return ind + head + " {\n" + body + ind + "}\n";
}

void FixIts::coverSlice(Operation *op) {
  op->walk([&](Operation *x) {
    covered.insert(x);
    for (Value v : x->getOperands()) {
      llvm::SmallVector<Value> work{v};
      while (!work.empty()) {
        Operation *d = work.pop_back_val().getDefiningOp();
        if (!d || !d->hasAttr("kfix.repaired") || isStatement(d) || !covered.insert(d).second)
          continue;
        for (Value w : d->getOperands())
          work.push_back(w);
      }
    }
  });
}

bool FixIts::qualifiesAsNew(Operation *op) {
  if (!isNew(op) || !isStatement(op))
    return false;
  bool ok = true;
  op->walk([&](Operation *x) {
    if (x == op || !fileLoc(x->getLoc(), base))
      return;
    // An op of the original moved inside (unrepaired, or re-created by
    // the repair in its place): the statement wraps the file's code.
    if (!x->hasAttr("kfix.repaired") ? !isCopy(x) : countIn(origCount, x) > countIn(unrepCount, x))
      ok = false;
  });
  return ok;
}

void FixIts::newStatements(gpu::GPUFuncOp f, SrcPrinter &pr) {
  llvm::SmallVector<Block *> blocks;
  f->walk<WalkOrder::PreOrder>([&](Block *b) { blocks.push_back(b); });
  for (Block *b : blocks) {
    if (b->getParentOp() && covered.count(b->getParentOp()))
      continue;
    std::vector<Operation *> run;
    Operation *prev = nullptr;
    auto flush = [&](Operation *next) {
      if (!run.empty())
        insertRun(run, prev, next, pr);
      run.clear();
    };
    // Ops of a loop's body spelled in its header (the copy of the induction
    // variable into `b` of `for (int b = 0; ...)`) are no place to insert
    // before: the text there is outside the body.
    unsigned headerLine = 0;
    if (Operation *p = b->getParentOp(); p && !isa<gpu::GPUFuncOp>(p))
      if (auto l = fileLoc(p->getLoc(), base))
        headerLine = l->first;
    for (Operation &op : *b) {
      if (covered.count(&op))
        continue;
      if (qualifiesAsNew(&op)) {
        run.push_back(&op);
        continue;
      }
      auto at = fileLoc(op.getLoc(), base);
      if (isStatement(&op) && at && headerLine && at->first <= headerLine && !prev)
        continue;
      if (isStatement(&op) && at) {
        flush(&op);
        prev = &op;
      }
    }
    flush(nullptr);
  }
}

void FixIts::insertRun(const std::vector<Operation *> &run, Operation *prev, Operation *next,
                       SrcPrinter &pr) {
  if (llvm::all_of(run, [](Operation *x) { return isa<gpu::BarrierOp>(x); }))
    return; // barrier() places a lone barrier
  std::string ind;
  std::vector<unsigned> lines;
  if (next) {
    unsigned l = fileLoc(next->getLoc(), base)->first;
    lines.push_back(l);
    ind = src.indentOf(l);
  }
  if (prev) {
    unsigned l = lastLine(prev) + 1;
    if (!next)
      ind = src.indentOf(l - 1);
    lines.push_back(l);
  }
  if (getenv("KFIX_DELIVERY_DEBUG"))
    llvm::errs() << "insertRun: " << run.size() << " ops, next "
                 << (next ? next->getName().getStringRef() : "-") << " prev "
                 << (prev ? prev->getName().getStringRef() : "-") << " lines "
                 << (lines.empty() ? 0 : lines[0]) << "," << (lines.size() > 1 ? lines[1] : 0)
                 << "\n";
  if (lines.empty())
    return;
  auto saved = declared;
  // Locals the run uses before a statement of it declares them.
  std::string text;
  std::set<Operation *> used;
  for (Operation *op : run)
    op->walk([&](Operation *x) {
      Value m;
      if (auto ld = dyn_cast<memref::LoadOp>(x))
        m = ld.getMemRef();
      if (auto st = dyn_cast<memref::StoreOp>(x))
        m = st.getMemRef();
      if (auto al = m ? m.getDefiningOp<memref::AllocaOp>() : nullptr)
        if (localNames.count(al) && !declared.count(al))
          used.insert(al);
    });
  for (Operation *al : used) {
    bool firstIsDecl = false;
    if (auto st = dyn_cast<memref::StoreOp>(run.front()))
      firstIsDecl = st.getMemRef().getDefiningOp() == al;
    if (!firstIsDecl) {
      text += ind + localType(cast<memref::AllocaOp>(al)) + " " + localNames[al] + ";\n";
      declared.insert(al);
    }
  }
  for (Operation *op : run) {
    auto s = stmt(op, pr, ind);
    if (!s) {
      if (getenv("KFIX_DELIVERY_DEBUG"))
        llvm::errs() << "insertRun: cannot print " << op->getName() << "\n";
      declared = saved;
      return; // left to the other fix-its (or reported unhandled)
    }
    text += *s;
  }
  for (Operation *op : run)
    coverSlice(op);
  Site s;
  std::set<unsigned> done;
  for (unsigned l : lines)
    if (l && l <= src.lineStart.size() && done.insert(l).second)
      s.alternatives.push_back(
          {edit(src.lineBegin(l), 0, text, "insert-statements",
                run.front()->getAttrOfType<StringAttr>("kfix.repaired").getValue())});
  addSite(reinterpret_cast<size_t>(run.front()), "statements", std::move(s));
}

Operation *FixIts::neighbour(Operation *op, int dir) {
  Operation *n = dir > 0 ? op->getNextNode() : op->getPrevNode();
  while (n && (n->hasAttr("kfix.repaired") || !fileLoc(n->getLoc(), base)))
    n = dir > 0 ? n->getNextNode() : n->getPrevNode();
  return n;
}

unsigned FixIts::lastLine(Operation *op) {
  unsigned last = 0;
  op->walk([&](Operation *x) {
    if (auto l = fileLoc(x->getLoc(), base))
      last = std::max(last, l->first);
  });
  if (op->getNumRegions()) {
    // A compound statement ends at the brace matching the last line's block.
    auto o = at(op);
    if (o) {
      size_t b = src.text.find('{', *o);
      if (b != std::string::npos) {
        size_t c = matchClose(src.text, b);
        if (c != std::string::npos)
          last = std::max(last, src.lineOf(c));
      }
    }
  } else if (auto o = at(op)) {
    size_t e = statementEnd(src.text, *o);
    if (e != std::string::npos)
      last = std::max(last, src.lineOf(e));
  }
  return last;
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
