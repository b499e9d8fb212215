//===- RepairEdit.cpp - small typed edits at named sites -------------------===//
//
// The generic edit search's vocabulary (include/kfix/Transforms/Edits.h):
// enumerateEdits lists what type checks at one op (another in-scope value for
// an operand, another operator of the same class, swapped operands, +-1, a
// dropped `+ c`, a special float constant, a deleted store), and
// kfix-repair-edit applies a list of such edits so that every edit the search
// tries is a named, reproducible action.
//
//===----------------------------------------------------------------------===//
#include "RepairUtils.h"
#include "kfix/Transforms/Edits.h"
#include "kfix/Transforms/Passes.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <cfloat>
#include <cmath>
#include <set>

namespace kfix {
#define GEN_PASS_DEF_REPAIREDIT
#include "kfix/Transforms/RepairPasses.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

constexpr StringLiteral kPassArg = "kfix-repair-edit";

//===----------------------------------------------------------------------===//
// Operator classes
//===----------------------------------------------------------------------===//

/// Operators a slip replaces by one another. Ops of one "family" share their
/// inherent attributes (overflow flags, fast-math flags).
struct OpClass {
  std::vector<llvm::StringRef> ops;
  bool sameProperties;
};

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

using IP = arith::CmpIPredicate;
using FP = arith::CmpFPredicate;

/// Neighbouring predicates with a prior each: strictness first, then
/// equality, then direction, then negation.
std::vector<std::pair<std::string, double>> cmpiNeighbours(IP p) {
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

std::vector<std::pair<std::string, double>> cmpfNeighbours(FP p) {
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

gpu::GPUFuncOp funcOf(Operation *op) { return op->getParentOfType<gpu::GPUFuncOp>(); }

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

/// The local `name` visible at `at`: the nearest dominating alloca of that
/// name (C scoping follows the region nesting).
memref::AllocaOp findVar(Operation *at, llvm::StringRef name) {
  memref::AllocaOp best;
  DominanceInfo dom(funcOf(at));
  funcOf(at).walk([&](memref::AllocaOp a) {
    auto n = a->getAttrOfType<StringAttr>("kfix.var");
    if (!n || n.getValue() != name || a.getType().getRank() != 0)
      return;
    if (!dom.properlyDominates(a.getOperation(), at))
      return;
    if (!best || dom.properlyDominates(best.getOperation(), a.getOperation()))
      best = a;
  });
  return best;
}

/// The value a `with` spec names at `at` (creating the read of a local or
/// the cast of an induction variable before `at`), or null.
Value resolveValue(Operation *at, llvm::StringRef spec, Type type, std::string &error) {
  gpu::GPUFuncOp func = funcOf(at);
  OpBuilder b(at);
  auto castTo = [&](Value v) -> Value {
    if (v.getType() == type)
      return v;
    if (v.getType().isIndex() && isa<IntegerType>(type))
      return arith::IndexCastOp::create(b, at->getLoc(), type, v);
    if (isa<IntegerType>(v.getType()) && type.isIndex())
      return arith::IndexCastOp::create(b, at->getLoc(), type, v);
    return nullptr;
  };
  if (spec.consume_front("arg:")) {
    Value v = getArgByName(func, spec);
    if (!v || v.getType() != type) {
      error = "no kernel parameter " + spec.str() + " of the operand's type";
      return nullptr;
    }
    return v;
  }
  if (spec.consume_front("var:")) {
    memref::AllocaOp a = findVar(at, spec);
    if (!a || a.getType().getElementType() != type) {
      error = "no local " + spec.str() + " of the operand's type in scope";
      return nullptr;
    }
    return memref::LoadOp::create(b, at->getLoc(), a.getResult());
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
  if (auto a = loadedVar(v)) {
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
std::string show(Value v, unsigned depth = 0) {
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
  if (auto a = loadedVar(v))
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
  auto add = [&](Value c, double prior) {
    if (!c || c == v || c.getType() != t || getConstInt(c) || getConstFloat(c))
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
  // Locals visible here: a read of them (made by the pass).
  DominanceInfo dom(func);
  std::vector<memref::AllocaOp> vars;
  func.walk([&](memref::AllocaOp a) {
    auto n = a->getAttrOfType<StringAttr>("kfix.var");
    if (n && !n.getValue().starts_with("__") && a.getType().getRank() == 0 &&
        a.getType().getElementType() == t && dom.properlyDominates(a.getOperation(), at) &&
        findVar(at, n.getValue()) == a && a != loadedVar(v))
      vars.push_back(a);
  });
  std::vector<std::pair<Value, double>> varCands;
  for (auto it = vars.rbegin(); it != vars.rend(); ++it) {
    // Stand-in: any existing load of the local (only its name is used).
    Value any;
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
  auto fors = enclosingFors(at);
  if (fors.empty())
    return {};
  DominanceInfo dom(funcOf(at));
  memref::StoreOp best;
  for (Operation *u : a.getResult().getUsers()) {
    auto st = dyn_cast<memref::StoreOp>(u);
    if (!st || st.getMemRef() != a.getResult() || fors.front()->isAncestor(st))
      continue;
    if (!getConstFloat(st.getValue()) && !getConstInt(st.getValue()))
      continue;
    if (!dom.properlyDominates(st.getOperation(), at))
      continue;
    if (!best || dom.properlyDominates(best.getOperation(), st.getOperation()))
      best = st;
  }
  return best;
}

/// The loops around `at` that an initialization of `a` could move into: those
/// that do not hold `init` (innermost first, as indices into enclosingFors).
SmallVector<unsigned> reinitLoops(memref::StoreOp init, Operation *at) {
  SmallVector<unsigned> out;
  for (auto [k, f] : llvm::enumerate(enclosingFors(at)))
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

} // namespace

//===----------------------------------------------------------------------===//
// Enumeration
//===----------------------------------------------------------------------===//

std::vector<Operation *> kfix::opsAt(Operation *module, llvm::StringRef loc, llvm::StringRef name) {
  std::vector<Operation *> out;
  if (loc.empty())
    return out;
  module->walk([&](Operation *o) {
    if ((name.empty() || o->getName().getStringRef() == name) && !isa<gpu::GPUFuncOp>(o) &&
        locMatches(o->getLoc(), loc))
      out.push_back(o);
  });
  return out;
}

std::vector<EditSpec> kfix::enumerateEdits(Operation *op, unsigned max, unsigned nearest) {
  std::vector<EditSpec> out;
  if (!funcOf(op))
    return out;
  std::string loc = formatLoc(op->getLoc());
  std::string name = op->getName().getStringRef().str();
  auto add = [&](std::string kind, std::string operand, std::string with, double prior,
                 std::string what) {
    out.push_back(
        {loc, name, std::move(kind), std::move(operand), std::move(with), prior, std::move(what)});
  };
  std::string self = op->getNumResults() == 1 ? show(op->getResult(0)) : name;

  // The operator.
  if (auto c = dyn_cast<arith::CmpIOp>(op)) {
    for (auto &[p, prior] : cmpiNeighbours(c.getPredicate()))
      add("opcode", "", p, prior, "predicate " + p);
  } else if (auto c = dyn_cast<arith::CmpFOp>(op)) {
    for (auto &[p, prior] : cmpfNeighbours(c.getPredicate()))
      add("opcode", "", p, prior, "predicate " + p);
  } else if (const OpClass *cls = classOf(name)) {
    for (llvm::StringRef o : cls->ops)
      if (o != name)
        add("opcode", "", o.str(), 0.7, name + " -> " + o.str());
  }

  if (isBinaryArith(op)) {
    Value r = op->getResult(0);
    // Dropping `+ c` / `- c` / `* c` / `/ c`: the result is the other operand.
    for (unsigned i = 0; i < 2; ++i) {
      Value keep = op->getOperand(i), other = op->getOperand(1 - i);
      if (keep.getType() != r.getType() || getConstInt(keep) || getConstFloat(keep))
        continue;
      if (isa<arith::SubIOp, arith::SubFOp, arith::DivSIOp, arith::DivUIOp, arith::DivFOp,
              arith::RemSIOp, arith::RemUIOp>(op) &&
          i == 1)
        continue; // `a - b` -> `b` is not a dropped term
      bool constOther = getConstInt(other) || getConstFloat(other);
      add("bypass", std::to_string(i), "", constOther ? 0.9 : 0.5, self + " -> " + show(keep));
    }
    if (isNonCommutative(op))
      add("swap", "", "", 0.5, "swap the operands of " + self);
  }

  // Operands: constants moved by one, special floats, other values in scope.
  bool isStore = isa<memref::StoreOp>(op);
  for (auto [i, v] : llvm::enumerate(op->getOperands())) {
    if (isStore && i == 1)
      continue; // the memref
    if (isa<MemRefType>(v.getType()))
      continue;
    std::string idx = std::to_string(i);
    if (auto c = getConstInt(v)) {
      if (v.getType().isInteger(1))
        continue;
      add("delta", idx, "-1", 0.8, llvm::formatv("{0} -> {1}", *c, *c - 1).str());
      add("delta", idx, "1", 0.75, llvm::formatv("{0} -> {1}", *c, *c + 1).str());
      // A step or stride of a tile size where the unit was meant (`k += 32`
      // for `k += 1`, an scf.for step): the unit, with the constant's sign.
      bool step = (isa<scf::ForOp>(op) && i == 2) || isa<arith::AddIOp, arith::SubIOp>(op);
      if (step && (*c > 2 || *c < -2)) {
        int64_t unit = *c > 0 ? 1 : -1;
        add("iconst", idx, std::to_string(unit), isa<scf::ForOp>(op) ? 0.85 : 0.45,
            llvm::formatv("{0} -> {1}", *c, unit).str());
      }
      // A local started at a constant where a value in scope was meant
      // (`int k = 0` for `int k = col`).
      if (auto st = dyn_cast<memref::StoreOp>(op); st && i == 0) {
        auto var = st.getMemRef().getDefiningOp<memref::AllocaOp>();
        if (var && var.getType().getRank() == 0 && var->hasAttr("kfix.var"))
          for (auto &[cand, prior] : replacementCandidates(op, v, nearest)) {
            std::string spec = nameValue(op, cand);
            if (!spec.empty() && loadedVar(cand) != var)
              add("operand", idx, spec, prior * 0.9, show(v) + " -> " + show(cand));
          }
      }
      continue;
    }
    if (auto c = getConstFloat(v)) {
      // An initial value (stored, a min/max/select operand) is where an
      // identity goes wrong; a constant inside an expression rarely is.
      bool init = isStore || isa<arith::SelectOp, arith::MinimumFOp, arith::MaximumFOp,
                                 arith::MinNumFOp, arith::MaxNumFOp>(op);
      for (const char *s : {"0", "1", "-1", "-inf", "inf", "-max", "max", "1e-5"}) {
        double d = *parseFloatSpec(s);
        if ((float)d == (float)*c)
          continue;
        add("fconst", idx, s, init ? 0.5 : 0.3, floatSpecial(*c) + " -> " + s);
      }
      continue;
    }
    if (isa<IntegerType, IndexType>(v.getType()) && !v.getType().isInteger(1) &&
        !isa<arith::IndexCastOp, arith::IndexCastUIOp>(op)) {
      add("delta", idx, "-1", 0.4, show(v) + " -> " + show(v) + " - 1");
      add("delta", idx, "1", 0.38, show(v) + " -> " + show(v) + " + 1");
    }
    if (isa<IntegerType, IndexType, FloatType>(v.getType()) && !v.getType().isInteger(1))
      for (auto &[cand, prior] : replacementCandidates(op, v, nearest)) {
        std::string spec = nameValue(op, cand);
        if (spec.empty())
          continue;
        // A comparison of a value with itself drops the test (`r == c` ->
        // `c == c`): a repair at times, less likely than a direction flipped.
        double p = prior;
        if (isa<arith::CmpIOp, arith::CmpFOp>(op)) {
          Value other = op->getOperand(1 - i);
          if (other == cand || (loadedVar(other) && loadedVar(other) == loadedVar(cand)))
            p = std::min(p, 0.3);
        }
        add("operand", idx, spec, p, show(v) + " -> " + show(cand));
      }
  }
  // An accumulator declared outside the loop it should restart in
  // (`float sum = 0.0f; for (b...) { for (k...) sum += ...; out[b] = sum; }`):
  // its initialization repeated at the start of an enclosing loop's body.
  for (memref::AllocaOp a : localsOf(op)) {
    memref::StoreOp init = initStore(a, op);
    if (!init)
      continue;
    auto loops = reinitLoops(init, op);
    std::string var = a->getAttrOfType<StringAttr>("kfix.var").getValue().str();
    for (auto [n, k] : llvm::enumerate(loops)) {
      // The outermost loop that does not hold the initialization first.
      double prior = n + 1 == loops.size() ? 0.35 : 0.2;
      add("reinit", var, std::to_string(k), prior,
          llvm::formatv("restart {0} in each iteration of loop {1}", var, k).str());
    }
  }
  // A missing term of a value that is stored: a clamp at zero (a dropped
  // ReLU), or a factor in scope (`y * relu6 / 6` for `y * y * relu6 / 6`).
  if (op->getNumResults() == 1 && isa<FloatType>(op->getResult(0).getType()) &&
      !isa<arith::ConstantOp, memref::LoadOp>(op) &&
      llvm::any_of(op->getResult(0).getUses(), [](OpOperand &u) {
        return isa<memref::StoreOp>(u.getOwner()) && u.getOperandNumber() == 0;
      })) {
    Value v = op->getResult(0);
    add("clamp0", "result", "", 0.3, show(v) + " -> max(" + show(v) + ", 0)");
    // A dropped factor is most often what the expression is built from
    // (`x * hardswish(x)` computed as `hardswish(x)`): a local read more than
    // once in the value's expression (through the locals it reads) comes first.
    llvm::DenseMap<Operation *, unsigned> reads;
    {
      SmallVector<std::pair<Value, unsigned>> work{{v, 0}};
      llvm::SmallPtrSet<Operation *, 32> seen;
      while (!work.empty()) {
        auto [x, d] = work.pop_back_val();
        Operation *def = x.getDefiningOp();
        if (!def || d > 12 || !seen.insert(def).second)
          continue;
        if (memref::AllocaOp var = loadedVar(x)) {
          ++reads[var.getOperation()];
          memref::StoreOp only;
          unsigned stores = 0;
          for (Operation *u : var->getUsers())
            if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getMemRef() == var.getResult())
              ++stores, only = st;
          if (stores == 1)
            work.push_back({only.getValue(), d + 1});
          continue;
        }
        for (Value o : def->getOperands())
          work.push_back({o, d + 1});
      }
    }
    // The locals `v` is stored into hold nothing yet where `v` is computed.
    llvm::SmallPtrSet<Operation *, 4> assigned;
    for (OpOperand &u : v.getUses())
      if (auto st = dyn_cast<memref::StoreOp>(u.getOwner()); st && u.getOperandNumber() == 0)
        if (auto a = st.getMemRef().getDefiningOp<memref::AllocaOp>())
          assigned.insert(a.getOperation());
    for (auto &[cand, prior] : replacementCandidates(op, v, nearest)) {
      std::string spec = nameValue(op, cand);
      if (spec.empty())
        continue;
      double p = 0.4 * prior;
      if (memref::AllocaOp var = loadedVar(cand)) {
        if (assigned.contains(var.getOperation()))
          continue;
        // The more the expression reads a local, the likelier it is the factor
        // (`x * sigmoid(x)`, `y * relu6(y + 3) / 6`).
        if (unsigned n = reads.lookup(var.getOperation()))
          p *= 1.5 + 0.5 * (n - 1);
      } else if (Operation *d = op; llvm::is_contained(d->getOperands(), cand)) {
        // An operand of `v`'s own definition (`1 / d` times `d`) undoes it.
        p *= 0.5;
      }
      add("mulby", "result", spec, p, show(v) + " -> " + show(v) + " * " + show(cand));
    }
  }
  if (isStore)
    add("delete", "", "", 0.05, "delete the store");
  llvm::stable_sort(out, [](const EditSpec &a, const EditSpec &b) { return a.prior > b.prior; });
  // Edits that add a statement or a term have low priors but no substitute
  // among the others: the best few keep their places when the list is cut.
  auto adds = [](const EditSpec &e) {
    return e.kind == "reinit" || e.kind == "clamp0" || e.kind == "mulby";
  };
  if (out.size() > max) {
    std::vector<EditSpec> kept, added;
    for (EditSpec &e : out)
      (adds(e) ? added : kept).push_back(std::move(e));
    unsigned room = std::min<unsigned>(added.size(), std::min(3u, max / 3));
    kept.resize(std::min<size_t>(kept.size(), max - room));
    added.resize(room);
    kept.insert(kept.end(), added.begin(), added.end());
    out = std::move(kept);
  }
  return out;
}

std::vector<std::string> kfix::twinLocs(Operation *op) {
  std::vector<std::string> out;
  auto func = funcOf(op);
  auto flc = findFileLineCol(op->getLoc());
  if (!func || !flc || op->getNumResults() != 1)
    return out;
  std::string self = formatLoc(op->getLoc());
  func.walk([&](Operation *o) {
    if (o == op || o->getName() != op->getName() || o->getNumResults() != 1)
      return;
    auto f = findFileLineCol(o->getLoc());
    if (!f || f->getLine() != flc->getLine() || f->getFilename() != flc->getFilename())
      return;
    std::string l = formatLoc(o->getLoc());
    if (l != self && !llvm::is_contained(out, l) && sameExpr(o->getResult(0), op->getResult(0)))
      out.push_back(l);
  });
  return out;
}

bool kfix::touchesHalf(Operation *op) {
  auto half = [](Type t) { return t.isF16() || t.isBF16(); };
  return llvm::any_of(op->getOperandTypes(), half) || llvm::any_of(op->getResultTypes(), half);
}

//===----------------------------------------------------------------------===//
// Application
//===----------------------------------------------------------------------===//

namespace {

bool applyOne(Operation *op, const EditSpec &e, std::string &error,
              SmallVectorImpl<Value> &dropped) {
  auto operandIndex = [&](unsigned &i) {
    if (e.operand.empty() || e.operand == "-")
      i = 0;
    else if (llvm::StringRef(e.operand).getAsInteger(10, i) || i >= op->getNumOperands()) {
      error = "no operand " + e.operand + " at " + e.loc;
      return false;
    }
    return true;
  };
  OpBuilder b(op);
  unsigned i = 0;
  if (e.kind == "operand") {
    if (!operandIndex(i))
      return false;
    Value old = op->getOperand(i);
    Value v = resolveValue(op, e.with, old.getType(), error);
    if (!v)
      return false;
    op->setOperand(i, v);
    dropped.push_back(old);
  } else if (e.kind == "opcode") {
    if (auto c = dyn_cast<arith::CmpIOp>(op)) {
      auto p = arith::symbolizeCmpIPredicate(e.with);
      if (!p) {
        error = "no integer predicate " + e.with;
        return false;
      }
      c.setPredicate(*p);
    } else if (auto c = dyn_cast<arith::CmpFOp>(op)) {
      auto p = arith::symbolizeCmpFPredicate(e.with);
      if (!p) {
        error = "no float predicate " + e.with;
        return false;
      }
      c.setPredicate(*p);
    } else {
      const OpClass *cls = classOf(op->getName().getStringRef());
      if (!cls || !llvm::is_contained(cls->ops, llvm::StringRef(e.with))) {
        error = e.with + " is not of the class of " + op->getName().getStringRef().str();
        return false;
      }
      OperationState st(op->getLoc(), e.with);
      st.addOperands(op->getOperands());
      st.addTypes(op->getResultTypes());
      if (cls->sameProperties)
        st.addAttributes(op->getAttrs());
      else
        for (NamedAttribute a : op->getDiscardableAttrs())
          st.addAttribute(a.getName(), a.getValue());
      Operation *n = b.create(st);
      markRepaired(n, kPassArg);
      op->replaceAllUsesWith(n->getResults());
      op->erase();
      return true;
    }
  } else if (e.kind == "swap") {
    if (op->getNumOperands() != 2) {
      error = "no two operands to swap at " + e.loc;
      return false;
    }
    Value a = op->getOperand(0), c = op->getOperand(1);
    op->setOperand(0, c);
    op->setOperand(1, a);
  } else if (e.kind == "delta") {
    int64_t d;
    if (llvm::StringRef(e.with).getAsInteger(10, d)) {
      error = "delta needs with=<integer>, not '" + e.with + "'";
      return false;
    }
    if (e.operand == "result") {
      if (op->getNumResults() != 1 || !isa<IntegerType, IndexType>(op->getResult(0).getType())) {
        error = "no integer result at " + e.loc;
        return false;
      }
      Value r = op->getResult(0);
      b.setInsertionPointAfter(op);
      Value k = arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(r.getType(), d));
      auto add = arith::AddIOp::create(b, op->getLoc(), r, k);
      markRepaired(add, kPassArg);
      r.replaceAllUsesExcept(add.getResult(), add.getOperation());
      return true;
    }
    if (!operandIndex(i))
      return false;
    Value v = op->getOperand(i);
    if (!isa<IntegerType, IndexType>(v.getType())) {
      error = "operand " + e.operand + " at " + e.loc + " is not an integer";
      return false;
    }
    Value n;
    if (auto c = getConstInt(v)) {
      n = arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(v.getType(), *c + d));
    } else {
      Value k = arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(v.getType(), d));
      auto add = arith::AddIOp::create(b, op->getLoc(), v, k);
      if (op->hasAttr("kfix.signed"))
        add->setAttr("kfix.signed", UnitAttr::get(op->getContext()));
      markRepaired(add, kPassArg);
      n = add.getResult();
    }
    op->setOperand(i, n);
    dropped.push_back(v);
  } else if (e.kind == "bypass") {
    if (!operandIndex(i))
      return false;
    if (op->getNumResults() != 1 || op->getOperand(i).getType() != op->getResult(0).getType()) {
      error = "operand " + e.operand + " at " + e.loc + " cannot stand for the result";
      return false;
    }
    op->getResult(0).replaceAllUsesWith(op->getOperand(i));
    SmallVector<Value> operands(op->getOperands());
    op->erase();
    dropped.append(operands.begin(), operands.end());
    return true;
  } else if (e.kind == "iconst") {
    if (!operandIndex(i))
      return false;
    Value v = op->getOperand(i);
    int64_t k;
    if (!isa<IntegerType, IndexType>(v.getType()) || llvm::StringRef(e.with).getAsInteger(10, k)) {
      error = "iconst needs an integer operand and with=<integer>, got '" + e.with + "'";
      return false;
    }
    if (k == 0 && isa<scf::ForOp>(op) && i == 2) {
      error = "iconst: a loop step of 0 at " + e.loc;
      return false;
    }
    op->setOperand(i, arith::ConstantOp::create(b, op->getLoc(), IntegerAttr::get(v.getType(), k)));
    dropped.push_back(v);
  } else if (e.kind == "fconst") {
    if (!operandIndex(i))
      return false;
    Value v = op->getOperand(i);
    auto ft = dyn_cast<FloatType>(v.getType());
    auto d = parseFloatSpec(e.with);
    if (!ft || !d) {
      error = "fconst needs a float operand and a value, got '" + e.with + "'";
      return false;
    }
    double x = *d;
    if (x == double(FLT_MAX) || x == -double(FLT_MAX)) {
      // The largest finite value of the operand's own type.
      APFloat m = APFloat::getLargest(ft.getFloatSemantics(), x < 0);
      op->setOperand(i, arith::ConstantOp::create(b, op->getLoc(), FloatAttr::get(ft, m)));
    } else {
      op->setOperand(i, arith::ConstantOp::create(b, op->getLoc(), FloatAttr::get(ft, x)));
    }
    dropped.push_back(v);
  } else if (e.kind == "reinit") {
    memref::AllocaOp a = findVar(op, e.operand);
    unsigned k;
    auto fors = enclosingFors(op);
    if (!a || llvm::StringRef(e.with).getAsInteger(10, k) || k >= fors.size()) {
      error = "reinit needs operand=<local in scope> and with=<enclosing loop>, got " + e.operand +
              " / " + e.with;
      return false;
    }
    memref::StoreOp init = initStore(a, op);
    if (!init || fors[k]->isAncestor(init)) {
      error = "no initialization of " + e.operand + " outside loop " + e.with;
      return false;
    }
    OpBuilder lb = OpBuilder::atBlockBegin(fors[k].getBody());
    Operation *c = lb.clone(*init.getValue().getDefiningOp());
    auto st = memref::StoreOp::create(lb, init.getLoc(), c->getResult(0), a.getResult());
    markRepaired(st, kPassArg);
    return true;
  } else if (e.kind == "clamp0" || e.kind == "mulby") {
    auto ft =
        op->getNumResults() == 1 ? dyn_cast<FloatType>(op->getResult(0).getType()) : FloatType();
    if (!ft) {
      error = e.kind + " needs an op with a float result at " + e.loc;
      return false;
    }
    Value v = op->getResult(0), n;
    b.setInsertionPointAfter(op);
    if (e.kind == "clamp0") {
      Value zero = arith::ConstantOp::create(b, op->getLoc(), FloatAttr::get(ft, 0.0));
      n = arith::MaxNumFOp::create(b, op->getLoc(), v, zero);
    } else {
      Value f = resolveValue(op, e.with, ft, error);
      if (!f)
        return false;
      n = arith::MulFOp::create(b, op->getLoc(), v, f);
    }
    markRepaired(n.getDefiningOp(), kPassArg);
    // Only the stores take the new value: other readers of v keep it.
    v.replaceUsesWithIf(n, [&](OpOperand &u) {
      return isa<memref::StoreOp>(u.getOwner()) && u.getOperandNumber() == 0;
    });
    return true;
  } else if (e.kind == "delete") {
    if (!isa<memref::StoreOp>(op)) {
      error = "delete needs a store at " + e.loc;
      return false;
    }
    SmallVector<Value> operands(op->getOperands());
    op->erase();
    dropped.append(operands.begin(), operands.end());
    return true;
  } else {
    error = "unknown edit kind '" + e.kind + "'";
    return false;
  }
  markRepaired(op, kPassArg);
  return true;
}

/// Erases the definitions an edit left unused (and theirs, in turn).
void eraseDead(SmallVectorImpl<Value> &dropped) {
  while (!dropped.empty()) {
    Value v = dropped.pop_back_val();
    Operation *d = v.getDefiningOp();
    if (!d || !v.use_empty() || !isOpTriviallyDead(d))
      continue;
    SmallVector<Value> operands(d->getOperands());
    d->erase();
    dropped.append(operands.begin(), operands.end());
  }
}

} // namespace

bool kfix::applyEdits(gpu::GPUModuleOp module, const std::vector<EditSpec> &edits,
                      std::string &error) {
  // Resolve every target first: an edit may replace the op another one names.
  std::vector<std::vector<Operation *>> targets;
  for (const EditSpec &e : edits) {
    if (e.loc.empty() || e.op.empty()) {
      error = "an edit needs loc= and op=";
      return false;
    }
    auto ops = opsAt(module, e.loc, e.op);
    if (ops.empty()) {
      error = "no " + e.op + " at " + e.loc;
      return false;
    }
    targets.push_back(std::move(ops));
  }
  SmallVector<Value> dropped;
  std::set<Operation *> erased;
  for (auto [e, ops] : llvm::zip(edits, targets))
    for (Operation *op : ops) {
      if (erased.count(op))
        continue;
      bool erases = e.kind == "bypass" || e.kind == "delete" ||
                    (e.kind == "opcode" && !isa<arith::CmpIOp, arith::CmpFOp>(op));
      if (!applyOne(op, e, error, dropped))
        return false;
      if (erases)
        erased.insert(op);
    }
  // Values dropped by one edit may be read by another's new op: only the
  // unused ones go.
  eraseDead(dropped);
  return true;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct RepairEditPass : public kfix::impl::RepairEditBase<RepairEditPass> {
  using RepairEditBase::RepairEditBase;

  void runOnOperation() override {
    size_t n = loc.size();
    auto sameLength = [&](const ListOption<std::string> &l, llvm::StringRef name) {
      if (l.empty() || l.size() == n)
        return true;
      getOperation().emitError() << kPassArg << ": " << name << " has " << l.size()
                                 << " elements, loc has " << n;
      return false;
    };
    if (n == 0 || kind.size() != n || op.size() != n) {
      getOperation().emitError() << kPassArg
                                 << ": needs loc=, kind= and op= with one element per edit";
      return signalPassFailure();
    }
    if (!sameLength(operand, "operand") || !sameLength(with, "with"))
      return signalPassFailure();
    std::vector<EditSpec> edits;
    for (size_t i = 0; i < n; ++i) {
      EditSpec e;
      e.loc = loc[i];
      e.kind = kind[i];
      e.op = op[i];
      e.operand = operand.empty() || operand[i] == "-" ? "" : operand[i];
      e.with = with.empty() || with[i] == "-" ? "" : with[i];
      edits.push_back(std::move(e));
    }
    std::string error;
    if (!applyEdits(getOperation(), edits, error)) {
      getOperation().emitError() << kPassArg << ": " << error;
      return signalPassFailure();
    }
    numRewrites += n;
  }
};
} // namespace
