//===- EditValues.cpp - operator classes and values in scope for edits ----===//
//
// The part of the edit vocabulary (EditVocabulary.h) that names things: the
// operator classes a slip moves within, the values in scope an edit may use
// and how an edit spells them (arg:, var:, def:, loop indices).
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Edits.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <cfloat>
#include <cmath>
#include <set>

using namespace mlir;
using namespace kfix;

namespace kfix::edit {

using IP = arith::CmpIPredicate;
using FP = arith::CmpFPredicate;

//===----------------------------------------------------------------------===//
// Operator classes
//===----------------------------------------------------------------------===//

const std::vector<OpClass> &opClasses() {
  static const std::vector<OpClass> classes = {
      {{"arith.addi", "arith.subi"}, true},
      {{"arith.muli", "arith.divsi", "arith.remsi"}, false},
      {{"arith.divui", "arith.remui"}, false},
      {{"arith.addf", "arith.subf"}, true},
      {{"arith.mulf", "arith.divf"}, true},
      {{"arith.andi", "arith.ori", "arith.xori"}, true},
      {{"arith.minsi", "arith.maxsi"}, true},
      {{"arith.minui", "arith.maxui"}, true},
      {{"arith.minimumf", "arith.maximumf", "arith.minnumf", "arith.maxnumf"}, true},
      {{"arith.shli", "arith.shrsi", "arith.shrui"}, true},
  };
  return classes;
}

const OpClass *classOf(llvm::StringRef name) {
  for (const OpClass &c : opClasses())
    if (llvm::is_contained(c.ops, name))
      return &c;
  return nullptr;
}

bool isNonCommutative(Operation *o) {
  return isa<arith::SubIOp, arith::SubFOp, arith::DivSIOp, arith::DivUIOp, arith::DivFOp,
             arith::CeilDivSIOp, arith::FloorDivSIOp, arith::RemSIOp, arith::RemUIOp, arith::RemFOp,
             arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp, math::PowFOp, math::Atan2Op>(o);
}

bool isBinaryArith(Operation *o) {
  return o->getNumOperands() == 2 && o->getNumResults() == 1 && o->getDialect() &&
         o->getDialect()->getNamespace() == "arith" &&
         !isa<arith::CmpIOp, arith::CmpFOp, arith::SelectOp>(o);
}

/// Neighbouring predicates with a prior each: strictness first, then
/// equality, then direction, then negation.
std::vector<std::pair<std::string, double>> cmpiNeighbours(arith::CmpIPredicate p) {
  auto s = [](IP q) { return arith::stringifyCmpIPredicate(q).str(); };
  std::vector<std::pair<std::string, double>> out;
  auto strict = [&](IP a, IP b) {
    if (p == a)
      out.push_back({s(b), 0.85});
    if (p == b)
      out.push_back({s(a), 0.85});
  };
  strict(IP::slt, IP::sle);
  strict(IP::sgt, IP::sge);
  strict(IP::ult, IP::ule);
  strict(IP::ugt, IP::uge);
  if (p == IP::eq)
    out.push_back({s(IP::ne), 0.6});
  if (p == IP::ne)
    out.push_back({s(IP::eq), 0.6});
  auto flip = [&](IP a, IP b) {
    if (p == a)
      out.push_back({s(b), 0.45});
    if (p == b)
      out.push_back({s(a), 0.45});
  };
  flip(IP::slt, IP::sgt);
  flip(IP::sle, IP::sge);
  flip(IP::ult, IP::ugt);
  flip(IP::ule, IP::uge);
  if (p != IP::eq && p != IP::ne)
    out.push_back({s(arith::invertPredicate(p)), 0.4});
  return out;
}

std::vector<std::pair<std::string, double>> cmpfNeighbours(arith::CmpFPredicate p) {
  auto s = [](FP q) { return arith::stringifyCmpFPredicate(q).str(); };
  std::vector<std::pair<std::string, double>> out;
  auto pair = [&](FP a, FP b, double prior) {
    if (p == a)
      out.push_back({s(b), prior});
    if (p == b)
      out.push_back({s(a), prior});
  };
  // Unlike integer bounds, float comparisons of computed values rarely tie:
  // `<` for `<=` changes almost no element, the direction changes half of
  // them. Direction first.
  pair(FP::OLT, FP::OGT, 0.8);
  pair(FP::OLE, FP::OGE, 0.8);
  pair(FP::ULT, FP::UGT, 0.8);
  pair(FP::ULE, FP::UGE, 0.8);
  pair(FP::OLT, FP::OGE, 0.6);
  pair(FP::OLE, FP::OGT, 0.6);
  pair(FP::OEQ, FP::ONE, 0.55);
  pair(FP::UEQ, FP::UNE, 0.55);
  pair(FP::OLT, FP::OLE, 0.4);
  pair(FP::OGT, FP::OGE, 0.4);
  pair(FP::ULT, FP::ULE, 0.4);
  pair(FP::UGT, FP::UGE, 0.4);
  return out;
}

//===----------------------------------------------------------------------===//
// Naming values in scope
//===----------------------------------------------------------------------===//

gpu::GPUFuncOp funcOf(Operation *op) {
  if (auto f = dyn_cast_or_null<gpu::GPUFuncOp>(op))
    return f;
  return op ? op->getParentOfType<gpu::GPUFuncOp>() : gpu::GPUFuncOp();
}

std::string lineCol(Location l) {
  auto flc = findFileLineCol(l);
  return flc ? llvm::formatv("{0}:{1}", flc->getLine(), flc->getColumn()).str() : "";
}

/// The enclosing scf.for ops of `op`, innermost first.
SmallVector<scf::ForOp> enclosingFors(Operation *op) {
  SmallVector<scf::ForOp> out;
  for (Operation *p = op->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp())
    if (auto f = dyn_cast<scf::ForOp>(p))
      out.push_back(f);
  return out;
}

SmallVector<Operation *> enclosingLoops(Operation *op) {
  SmallVector<Operation *> out;
  for (Operation *p = op->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp())
    if (isa<scf::ForOp, scf::WhileOp>(p))
      out.push_back(p);
  return out;
}

Block *loopBody(Operation *loop) {
  if (auto f = dyn_cast<scf::ForOp>(loop))
    return f.getBody();
  if (auto w = dyn_cast<scf::WhileOp>(loop))
    return &w.getAfter().front();
  return nullptr;
}

/// The local `name` visible at `at`. The lifter hoists every alloca to the
/// entry, so a helper inlined twice has two locals of one name: the one whose
/// latest store before `at` is the nearest is the one in scope (the copy of
/// this inlined call); else the nearest dominating alloca of that name.
bool inScope(memref::AllocaOp a, Operation *at) { return inLocalScope(a, at); }

memref::AllocaOp findVar(Operation *at, llvm::StringRef name) {
  // The local of that name in C scope at `at`, else (an argument of an
  // inlined call read in the callee: the caller's names) any of that name.
  if (memref::AllocaOp a = findVarIn(at, name, true))
    return a;
  return findVarIn(at, name, false);
}

memref::AllocaOp findVarIn(Operation *at, llvm::StringRef name, bool scoped) {
  memref::AllocaOp best, bestStored;
  Operation *bestStore = nullptr;
  if (!funcOf(at) || isa<gpu::GPUFuncOp>(at))
    return best; // not a statement of a kernel
  DominanceInfo dom(funcOf(at));
  funcOf(at).walk([&](memref::AllocaOp a) {
    auto n = a->getAttrOfType<StringAttr>("kfix.var");
    if (!n || n.getValue() != name || a.getType().getRank() != 0)
      return;
    if (!dom.properlyDominates(a.getOperation(), at) || (scoped && !inScope(a, at)))
      return;
    if (!best || dom.properlyDominates(best.getOperation(), a.getOperation()))
      best = a;
    for (Operation *u : a->getUsers()) {
      auto st = dyn_cast<memref::StoreOp>(u);
      if (!st || st.getMemref() != a.getResult() || !dom.properlyDominates(u, at))
        continue;
      if (!bestStore || dom.properlyDominates(bestStore, u)) {
        bestStore = u;
        bestStored = a;
      }
    }
  });
  return bestStored ? bestStored : best;
}

/// The value a `with` spec names at `at` (creating the read of a local or
/// the cast of an induction variable before `at`), or null.
Value resolveValue(Operation *at, llvm::StringRef spec, Type type, std::string &error) {
  gpu::GPUFuncOp func = funcOf(at);
  OpBuilder b(at);
  // `:u`: a narrower integer widened as unsigned (zero-extended), else as
  // signed; only where the operand is a wider integer.
  bool zeroExtend = spec.consume_back(":u");
  auto widens = [&](Type from) {
    auto f = dyn_cast<IntegerType>(from), t = dyn_cast<IntegerType>(type);
    return f && t && f.getWidth() < t.getWidth() && f.getWidth() != 1;
  };
  auto widen = [&](Value v) -> Value {
    if (!widens(v.getType()))
      return nullptr;
    if (zeroExtend)
      return arith::ExtUIOp::create(b, at->getLoc(), type, v);
    return arith::ExtSIOp::create(b, at->getLoc(), type, v);
  };
  auto castTo = [&](Value v) -> Value {
    if (v.getType() == type)
      return v;
    if (Value w = widen(v))
      return w;
    // An integer where a float is read: C's conversion (a count as the
    // numerator of a mean).
    if (isa<FloatType>(type) && isa<IntegerType>(v.getType()) && !v.getType().isInteger(1))
      return arith::SIToFPOp::create(b, at->getLoc(), type, v);
    if (v.getType().isIndex() && isa<IntegerType>(type))
      return arith::IndexCastOp::create(b, at->getLoc(), type, v);
    if (isa<IntegerType>(v.getType()) && type.isIndex())
      return arith::IndexCastOp::create(b, at->getLoc(), type, v);
    return nullptr;
  };
  if (spec.consume_front("arg:")) {
    // `arg:n-1`: the parameter less one (the last element's index where
    // another value was read: `last = npairs` for `last = n - 1`).
    if (spec.consume_back("-1")) {
      Value n = getArgByName(func, spec);
      if (!n || n.getType() != type || !isa<IntegerType>(type)) {
        error = "no integer kernel parameter " + spec.str() + " of the operand's type";
        return nullptr;
      }
      Value one = arith::ConstantOp::create(b, at->getLoc(), IntegerAttr::get(type, 1));
      auto sub = arith::SubIOp::create(b, at->getLoc(), n, one);
      sub->setAttr("kfix.signed", UnitAttr::get(at->getContext()));
      return sub;
    }
    Value v = getArgByName(func, spec);
    if (v && v.getType() != type && (isa<FloatType>(type) || isa<IntegerType>(type)))
      v = castTo(v);
    if (!v || v.getType() != type) {
      error = "no kernel parameter " + spec.str() + " of the operand's type";
      return nullptr;
    }
    return v;
  }
  if (spec.consume_front("var:")) {
    memref::AllocaOp a = findVar(at, spec);
    if (!a || (a.getType().getElementType() != type && !widens(a.getType().getElementType()))) {
      error = "no local " + spec.str() + " of the operand's type in scope";
      return nullptr;
    }
    return castTo(memref::LoadOp::create(b, at->getLoc(), a.getResult()));
  }
  if (spec.consume_front("iv:")) {
    unsigned k;
    auto fors = enclosingFors(at);
    if (spec.getAsInteger(10, k) || k >= fors.size()) {
      error = "no enclosing loop " + spec.str();
      return nullptr;
    }
    Value v = castTo(fors[k].getInductionVar());
    if (!v)
      error = "the loop variable does not convert to the operand's type";
    return v;
  }
  if (spec.consume_front("def:")) {
    // LINE:COL:OPNAME
    auto parts = spec.rsplit(':');
    llvm::StringRef lc = parts.first, name = parts.second;
    DominanceInfo dom(func);
    Value best;
    func.walk([&](Operation *o) {
      if (o->getNumResults() != 1 || o->getName().getStringRef() != name ||
          lineCol(o->getLoc()) != lc || o->getResult(0).getType() != type)
        return;
      if (!dom.properlyDominates(o, at))
        return;
      if (!best || dom.properlyDominates(best.getDefiningOp(), o))
        best = o->getResult(0);
    });
    if (!best)
      error = "no dominating " + name.str() + " at " + lc.str() + " of the operand's type";
    return best;
  }
  error = "cannot read the value '" + spec.str() + "'";
  return nullptr;
}

/// How `v` is named as a `with` spec at `at`, or "" when it cannot be.
std::string nameValue(Operation *at, Value v) {
  gpu::GPUFuncOp func = funcOf(at);
  if (auto ba = dyn_cast<BlockArgument>(v)) {
    if (ba.getOwner() == &func.getBody().front()) {
      llvm::StringRef n = getArgName(func, ba);
      return n.empty() ? "" : "arg:" + n.str();
    }
    for (auto [k, f] : llvm::enumerate(enclosingFors(at)))
      if (f.getInductionVar() == v)
        return "iv:" + std::to_string(k);
    return "";
  }
  auto a = loadedVar(v);
  if (!a)
    a = v.getDefiningOp<memref::AllocaOp>(); // a local never read (a stand-in)
  if (a) {
    auto n = a->getAttrOfType<StringAttr>("kfix.var");
    if (n && findVar(at, n.getValue()) == a)
      return "var:" + n.getValue().str();
    return "";
  }
  Operation *d = v.getDefiningOp();
  std::string lc = lineCol(d->getLoc());
  if (lc.empty())
    return "";
  std::string spec = "def:" + lc + ":" + d->getName().getStringRef().str();
  // Only when it names this value back (no other op of that name nearer).
  DominanceInfo dom(func);
  Value best;
  func.walk([&](Operation *o) {
    if (o->getNumResults() == 1 && o->getName() == d->getName() && lineCol(o->getLoc()) == lc &&
        o->getResult(0).getType() == v.getType() && dom.properlyDominates(o, at) &&
        (!best || dom.properlyDominates(best.getDefiningOp(), o)))
      best = o->getResult(0);
  });
  return best == v ? spec : "";
}

/// A short C-like rendering of `v` for descriptions.
std::string show(Value v, unsigned depth) {
  gpu::GPUFuncOp func;
  if (auto ba = dyn_cast<BlockArgument>(v)) {
    func = dyn_cast<gpu::GPUFuncOp>(ba.getOwner()->getParentOp());
    if (func) {
      llvm::StringRef n = getArgName(func, ba);
      if (!n.empty())
        return n.str();
    }
    return "iv";
  }
  if (auto c = getConstInt(v))
    return std::to_string(*c);
  if (auto c = getConstFloat(v))
    return llvm::formatv("{0}", *c).str();
  auto a = loadedVar(v);
  if (!a)
    a = v.getDefiningOp<memref::AllocaOp>();
  if (a)
    if (auto n = a->getAttrOfType<StringAttr>("kfix.var"))
      return n.getValue().str();
  Operation *d = v.getDefiningOp();
  if (!d || depth > 2)
    return "...";
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
          arith::SIToFPOp, arith::ExtFOp, arith::TruncFOp>(d))
    return show(d->getOperand(0), depth);
  static const std::map<std::string, std::string> sym = {
      {"arith.addi", "+"},  {"arith.subi", "-"},  {"arith.muli", "*"},  {"arith.divsi", "/"},
      {"arith.divui", "/"}, {"arith.remsi", "%"}, {"arith.remui", "%"}, {"arith.addf", "+"},
      {"arith.subf", "-"},  {"arith.mulf", "*"},  {"arith.divf", "/"},  {"arith.andi", "&"},
      {"arith.ori", "|"},   {"arith.xori", "^"},  {"arith.shli", "<<"}, {"arith.shrsi", ">>"}};
  auto it = sym.find(d->getName().getStringRef().str());
  if (it != sym.end() && d->getNumOperands() == 2)
    return "(" + show(d->getOperand(0), depth + 1) + " " + it->second + " " +
           show(d->getOperand(1), depth + 1) + ")";
  return d->getName()
             .getStringRef()
             .drop_front(d->getName().getDialectNamespace().size() + 1)
             .str() +
         "(...)";
}

/// In-scope values of `v`'s type that could stand where `v` is read by `at`,
/// nearest first: the operands of `v`'s own definition, kernel parameters,
/// locals, loop variables, earlier results in the enclosing blocks.
std::vector<std::pair<Value, double>> replacementCandidates(Operation *at, Value v,
                                                            unsigned nearest) {
  std::vector<std::pair<Value, double>> out;
  Type t = v.getType();
  // A local never read yet stands in as its alloca (nameValue names it).
  auto typeOf = [](Value c) -> Type {
    if (auto a = c.getDefiningOp<memref::AllocaOp>())
      return a.getType().getElementType();
    return c.getType();
  };
  auto add = [&](Value c, double prior) {
    if (!c || c == v || typeOf(c) != t || getConstInt(c) || getConstFloat(c))
      return false;
    if (loadedVar(c) && loadedVar(c) == loadedVar(v))
      return false;
    for (auto &[x, p] : out)
      if (x == c || (loadedVar(x) && loadedVar(x) == loadedVar(c)))
        return false;
    out.push_back({c, prior});
    return true;
  };
  // The operands of v's definition (`HW / 32` -> `HW`).
  if (Operation *d = v.getDefiningOp(); d && isBinaryArith(d))
    for (Value o : d->getOperands())
      add(stripCasts(o).getType() == t ? stripCasts(o) : o, 0.6);
  gpu::GPUFuncOp func = funcOf(at);
  // Each kind of value (parameters, locals, loop variables) gets `nearest`
  // places of its own; a local read where another was meant (`r == c` for
  // `r == r`) is likelier than a parameter there, and the reverse.
  unsigned base = out.size();
  auto full = [&] { return out.size() >= base + nearest; };
  bool readsLocal = static_cast<bool>(loadedVar(v));
  double paramPrior = readsLocal ? 0.45 : 0.5, localPrior = readsLocal ? 0.5 : 0.45;
  // Kernel parameters, nearest in the parameter list first.
  std::vector<std::pair<int, Value>> params;
  int cur = -1;
  for (BlockArgument a : func.getArguments()) {
    if (a == v)
      cur = a.getArgNumber();
  }
  for (BlockArgument a : func.getArguments())
    if (a.getType() == t)
      params.push_back(
          {cur < 0 ? int(a.getArgNumber()) : std::abs(int(a.getArgNumber()) - cur), a});
  llvm::stable_sort(params, [](auto &x, auto &y) { return x.first < y.first; });
  for (auto &[d, a] : params)
    if (!full())
      add(a, paramPrior);
  base = out.size();
  // Locals visible here: a read of them (made by the pass). In C scope at
  // `at`, or where `v` was read (an argument of an inlined call that the
  // callee reads: the caller's locals are the argument's alternatives).
  Operation *readAt = loadedVar(v) ? v.getDefiningOp() : nullptr;
  DominanceInfo dom(func);
  std::vector<memref::AllocaOp> vars;
  func.walk([&](memref::AllocaOp a) {
    auto n = a->getAttrOfType<StringAttr>("kfix.var");
    if (n && !n.getValue().starts_with("__") && a.getType().getRank() == 0 &&
        a.getType().getElementType() == t && dom.properlyDominates(a.getOperation(), at) &&
        (inScope(a, at) || (readAt && inScope(a, readAt))) && findVar(at, n.getValue()) == a &&
        a != loadedVar(v))
      vars.push_back(a);
  });
  std::vector<std::pair<Value, double>> varCands;
  // Nearest first, except that a local computed and never read goes before
  // the others (it was meant somewhere), and a helper's parameters after them
  // (an unread one with the unread locals).
  auto rank = [](memref::AllocaOp a) {
    if (a->hasAttr("kfix.param"))
      return a->hasAttr("kfix.unread") ? 0 : 2;
    return llvm::all_of(a->getUsers(), [](Operation *u) { return isa<memref::StoreOp>(u); }) ? 0
                                                                                             : 1;
  };
  // Taken from the back: the highest rank goes first in the vector.
  llvm::stable_sort(vars,
                    [&](memref::AllocaOp x, memref::AllocaOp y) { return rank(x) > rank(y); });
  for (auto it = vars.rbegin(); it != vars.rend(); ++it) {
    // Stand-in: any existing load of the local (only its name is used); a
    // local computed and never read (`inv_dof` beside the `inv_m` used in
    // its place) stands in as itself.
    Value any = it->getResult();
    for (Operation *u : it->getResult().getUsers())
      if (auto l = dyn_cast<memref::LoadOp>(u)) {
        any = l.getResult();
        break;
      }
    if (any && !full())
      add(any, localPrior);
  }
  base = out.size();
  for (scf::ForOp f : enclosingFors(at)) {
    Value iv = f.getInductionVar();
    if (!full() && iv.getType() == t)
      add(iv, 0.45);
  }
  // Earlier results in this block and the enclosing ones.
  unsigned defs = 0;
  for (Operation *o = at; o && !isa<gpu::GPUFuncOp>(o) && defs < 2; o = o->getParentOp()) {
    for (Operation *p = o->getPrevNode(); p && defs < 2; p = p->getPrevNode()) {
      if (p->getNumResults() != 1 || !isBinaryArith(p) || p->getResult(0).getType() != t)
        continue;
      if (!nameValue(at, p->getResult(0)).empty() && add(p->getResult(0), 0.3))
        ++defs;
    }
  }
  return out;
}

/// The locals (rank-0 allocas named by the lifter) `op` reads or writes.
SmallVector<memref::AllocaOp> localsOf(Operation *op) {
  SmallVector<memref::AllocaOp> out;
  auto add = [&](memref::AllocaOp a) {
    if (!a || a.getType().getRank() != 0 || !a->hasAttr("kfix.var") || llvm::is_contained(out, a))
      return;
    auto n = a->getAttrOfType<StringAttr>("kfix.var");
    if (n && !n.getValue().starts_with("__"))
      out.push_back(a);
  };
  if (auto st = dyn_cast<memref::StoreOp>(op))
    add(st.getMemRef().getDefiningOp<memref::AllocaOp>());
  for (Value v : op->getOperands())
    add(loadedVar(v));
  if (op->getNumResults() == 1)
    add(loadedVar(op->getResult(0)));
  return out;
}

/// The store that initializes local `a` for `at`: a store of a constant to it
/// that dominates `at` from outside the loop around `at` (`float sum = 0.0f;`
/// before the loops that accumulate into it); the nearest such.
memref::StoreOp initStore(memref::AllocaOp a, Operation *at) {
  auto fors = enclosingLoops(at);
  if (fors.empty())
    return {};
  DominanceInfo dom(funcOf(at));
  memref::StoreOp best;
  for (Operation *u : a.getResult().getUsers()) {
    auto st = dyn_cast<memref::StoreOp>(u);
    if (!st || st.getMemRef() != a.getResult() || fors.front()->isAncestor(st))
      continue;
    // A constant, or a vector of constants (`make_float2(0.f, 0.f)`).
    auto fromConstants = [](Value v) {
      auto fe = v.getDefiningOp<vector::FromElementsOp>();
      return fe && llvm::all_of(fe.getElements(),
                                [](Value e) { return getConstFloat(e) || getConstInt(e); });
    };
    if (!getConstFloat(st.getValue()) && !getConstInt(st.getValue()) &&
        !fromConstants(st.getValue()))
      continue;
    if (!dom.properlyDominates(st.getOperation(), at))
      continue;
    if (!best || dom.properlyDominates(best.getOperation(), st.getOperation()))
      best = st;
  }
  return best;
}

/// The loops around `at` that an initialization of `a` could move into: those
/// that do not hold `init` (innermost first, as indices into enclosingLoops).
SmallVector<unsigned> reinitLoops(memref::StoreOp init, Operation *at) {
  SmallVector<unsigned> out;
  for (auto [k, f] : llvm::enumerate(enclosingLoops(at)))
    if (!f->isAncestor(init))
      out.push_back(k);
  return out;
}

std::string floatSpecial(double v) {
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  if (v == FLT_MAX)
    return "max";
  if (v == -FLT_MAX)
    return "-max";
  return llvm::formatv("{0}", v).str();
}

std::optional<double> parseFloatSpec(llvm::StringRef s) {
  if (s == "inf")
    return INFINITY;
  if (s == "-inf")
    return -INFINITY;
  if (s == "max")
    return double(FLT_MAX);
  if (s == "-max")
    return -double(FLT_MAX);
  double d;
  if (s.getAsDouble(d))
    return std::nullopt;
  return d;
}

/// How a float value reaches a store: 0 stored as it is (through casts), 1 as
/// a factor of a stored product (2 of a product of products), -1 not at all.
int storedAs(Value v, unsigned depth) {
  int best = -1;
  auto better = [&](int r) {
    if (r >= 0 && (best < 0 || r < best))
      best = r;
  };
  for (OpOperand &u : v.getUses()) {
    Operation *o = u.getOwner();
    if (isa<memref::StoreOp>(o) && u.getOperandNumber() == 0)
      return 0;
    if (depth >= 4)
      continue;
    if (isa<arith::TruncFOp, arith::ExtFOp>(o))
      better(storedAs(o->getResult(0), depth + 1));
    else if (isa<arith::MulFOp>(o))
      if (int r = storedAs(o->getResult(0), depth + 1); r >= 0 && r < 2)
        better(r + 1);
  }
  return best;
}

} // namespace kfix::edit
