//===- FixItsNew.cpp - fix-its: statements the repair added ---------------===//
//
// Ops of the repaired module that the original does not have (a barrier, a
// guard, a remainder loop, a re-initialization): printed as statements in the
// file's style and inserted between the statements around them.
//
//===----------------------------------------------------------------------===//
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
  const std::string step = src.indentUnit();
  if (isa<gpu::BarrierOp>(op))
    return ind + "__syncthreads();\n";
  if (auto st = dyn_cast<memref::StoreOp>(op)) {
    auto lhs = pr.access(st.getMemRef(), st.getIndices());
    if (auto sp = op->getAttrOfType<StringAttr>("kfix.spelling"))
      lhs = sp.getValue().str();
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
    if (!x->hasAttr("kfix.repaired") ? !isCopy(x)
                                     : countIn(origCount, x) > countIn(unrepCount, x)) {
      if (getenv("KFIX_DELIVERY_DEBUG"))
        llvm::errs() << "qualifiesAsNew: " << op->getName() << " wraps the file's " << x->getName()
                     << " " << x->getLoc() << "\n";
      ok = false;
    }
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
  // Loop variables the run's `for` headers declare; locals whose accesses
  // all sit in one block and start with a store there (declared by it).
  std::set<Operation *> headerVars;
  std::map<Operation *, std::vector<Operation *>> accesses;
  for (Operation *op : run)
    op->walk<WalkOrder::PreOrder>([&](Operation *x) {
      if (auto f = dyn_cast<scf::ForOp>(x))
        if (memref::AllocaOp al = loopVar(f))
          headerVars.insert(al);
      Value m;
      if (auto ld = dyn_cast<memref::LoadOp>(x))
        m = ld.getMemRef();
      if (auto st = dyn_cast<memref::StoreOp>(x))
        m = st.getMemRef();
      if (Operation *al = m ? m.getDefiningOp<memref::AllocaOp>() : nullptr)
        accesses[al].push_back(x);
    });
  for (Operation *al : used) {
    const std::vector<Operation *> &acc = accesses[al];
    bool oneVarStores = llvm::all_of(acc, [&](Operation *x) {
      auto st = dyn_cast<memref::StoreOp>(x);
      return !st || isa<BlockArgument>(st.getValue());
    });
    if (headerVars.count(al) && oneVarStores)
      continue;
    // A store at the run's top level declares for the rest of its block.
    bool firstIsDecl =
        !acc.empty() && isa<memref::StoreOp>(acc.front()) &&
        (llvm::is_contained(run, acc.front()) ||
         llvm::all_of(acc, [&](Operation *x) { return x->getBlock() == acc.front()->getBlock(); }));
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
    const std::string &t = src.text;
    // A loop or if whose body is one statement (`for (...) acc += x;`): the
    // body ends at that statement's end, not at the next brace of the file.
    if (o && (llvm::StringRef(t).substr(*o).starts_with("for") ||
              llvm::StringRef(t).substr(*o).starts_with("while") ||
              llvm::StringRef(t).substr(*o).starts_with("if"))) {
      size_t p = t.find('(', *o);
      size_t q = p == std::string::npos ? p : matchClose(t, p);
      size_t b = q == std::string::npos ? q : t.find_first_not_of(" \t\r\n", q + 1);
      if (b != std::string::npos && t[b] != '{') {
        size_t e = statementEnd(t, b);
        if (e != std::string::npos)
          return std::max(last, src.lineOf(e));
      }
    }
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

} // namespace kfix::delivery
