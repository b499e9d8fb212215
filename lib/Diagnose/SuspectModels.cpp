//===- SuspectModels.cpp - bug-class models over a kernel's slice ---------===//
//
// Each model names the IR shape that carries one class of bug, independent of
// how the source spells it (variable names, loop forms, helpers, macros all
// lift to the same shapes; docs/ir-conventions.md):
//
//   int-division         an integer quotient that reaches an int-to-float conversion
//   epsilon-placement    an add whose operand is a sqrt/rsqrt (or 1/sqrt) result
//   low-precision-accumulation  a loop-carried sum whose element type is f16/bf16
//   reduction-identity   a max/min/sum/product reduction seeded with a constant
//                        that is not the identity of its combine op
//   stale-accumulator    a local accumulator seeded once before a loop, updated
//                        in a loop nested in it and read for a result in every
//                        iteration (never reset there)
//   off-by-one           an inclusive comparison in a guard or between computed
//                        values ("loop-bound" when it bounds a loop, or a loop
//                        bound adjusted by +-1; "divisor-off-by-one" for a
//                        divisor adjusted by +-1, as an unbiased variance)
//   operand-order        a subtraction or division of two computed values
//   complement-order     a blend w * a + (1 - w) * b (the two exchanged?)
//   thread-dim           an index mixing blockIdx of one dimension with threadIdx
//                        (or blockDim) of another (SuspectIndexing.cpp)
//   grid-stride          a loop whose step does not match its start (global thread
//                        index without gridDim, threadIdx by gridDim, blockIdx by
//                        blockDim) (SuspectIndexing.cpp)
//   tree-halving         a halving loop over blockDim (assumes a power of two)
//   loop-step            a loop stepping by a constant above one that reads one
//                        element per iteration (no inner tile loop, no unrolling)
//                        (SuspectIndexing.cpp, with tile-size)
//   shuffle              a partial member mask; a shfl_down whose result every lane uses
//   shared-extent        a shared array smaller than the threads that index it
//                        (SuspectShared.cpp, with uninit-shared)
//   uninit-shared        a shared buffer only ever updated atomically (never set)
//   uninit-read          a shared load of elements no thread of the block wrote
//   twin-definition      two locals computed alike from a block coordinate
//   int-overflow         a signed add/sub/mul that overflowed at run time
//                        (kfix-instrument-overflow)
//   floor-bound          a loop's exclusive end computed by a floor division
//                        (SuspectGuards.cpp)
//   sibling-mismatch     a size computed like two or more sibling sizes but without
//                        their trailing +-1 (SuspectSiblings.cpp)
//   sibling-definition   a local computed elsewhere under its name with one
//                        operation more (SuspectRedefinitions.cpp)
//   stride-family        an index built from one tensor's stride names but for one
//                        name of a sibling family (SuspectStrides.cpp)
//   snapshot             a local read after its update where a copy taken before
//                        the update exists (SuspectSnapshots.cpp)
//   merge-scale          a cross-lane merge scaling only the other lane's value
//                        (SuspectMerges.cpp)
//   clipped-window       a window bound read after its clip where the unclipped
//                        one was meant; a divisor counting only the taps inside
//                        the input (SuspectWindows.cpp)
//   constant             a well-known math constant written out (sqrt(2), pi, ln 2)
//                        where a related one (its reciprocal, square) is usual
//                        (SuspectConstants.cpp)
//
// Priors are on one scale (a shape that is a defect on its own, such as a max
// seeded with 0, scores ~4; a shape that is only often a defect, such as a
// subtraction, ~1) and the failure signature moves them.
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cmath>
#include <optional>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

bool suspects::isArithmetic(Operation *op) {
  if (isa<arith::ConstantOp, arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtFOp,
          arith::TruncFOp, arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::BitcastOp>(op))
    return false;
  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) && op->getNumResults() == 1 &&
      op->getResult(0).getType().isInteger(1))
    return false; // control flags (__return, __break, &&)
  llvm::StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
  return ns == "arith" || ns == "math" || isa<gpu::ShuffleOp>(op);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Value suspects::flatIndex(Operation *op) {
  if (auto ld = dyn_cast<memref::LoadOp>(op); ld && ld.getIndices().size() == 1)
    return ld.getIndices().front();
  if (auto st = dyn_cast<memref::StoreOp>(op); st && st.getIndices().size() == 1)
    return st.getIndices().front();
  return {};
}

const char *suspects::dimName(unsigned d) { return d == 0 ? "x" : d == 1 ? "y" : "z"; }

void suspects::collectDims(Value v, const MemoryUses &mem, Dims &d, unsigned depth) {
  if (!v || depth > 10)
    return;
  v = stripCasts(v);
  Operation *def = v.getDefiningOp();
  if (!def)
    return;
  if (auto o = dyn_cast<gpu::BlockIdOp>(def))
    d.blockId |= 1u << unsigned(o.getDimension());
  else if (auto o = dyn_cast<gpu::ThreadIdOp>(def))
    d.threadId |= 1u << unsigned(o.getDimension());
  else if (auto o = dyn_cast<gpu::BlockDimOp>(def))
    d.blockDim |= 1u << unsigned(o.getDimension());
  else if (auto o = dyn_cast<gpu::GridDimOp>(def))
    d.gridDim |= 1u << unsigned(o.getDimension());
  else if (auto l = dyn_cast<memref::LoadOp>(def)) {
    if (l.getIndices().empty())
      collectDims(mem.singleStoredValue(l.getMemref()), mem, d, depth + 1);
  } else if (isa<arith::AddIOp, arith::MulIOp, arith::SubIOp>(def)) {
    for (Value o : def->getOperands())
      collectDims(o, mem, d, depth + 1);
  }
}

bool suspects::single(unsigned bits) { return bits && !(bits & (bits - 1)); }
unsigned suspects::bitIndex(unsigned bits) {
  unsigned i = 0;
  while (bits > 1) {
    bits >>= 1;
    ++i;
  }
  return i;
}

bool suspects::isConstant(Value v) {
  return isa_and_nonnull<arith::ConstantOp>(stripCasts(v).getDefiningOp());
}

std::optional<double> suspects::constantValue(Value v) {
  auto c = stripCasts(v).getDefiningOp<arith::ConstantOp>();
  if (!c)
    return std::nullopt;
  if (auto f = dyn_cast<FloatAttr>(c.getValue()))
    return f.getValueAsDouble();
  if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
    return double(i.getValue().getSExtValue());
  return std::nullopt;
}

memref::AllocaOp suspects::localOf(Value v) {
  auto ld = stripCasts(v).getDefiningOp<memref::LoadOp>();
  if (!ld || !ld.getIndices().empty())
    return {};
  return ld.getMemref().getDefiningOp<memref::AllocaOp>();
}

const void *suspects::scalarKey(Value v) {
  if (memref::AllocaOp a = localOf(v))
    return a.getOperation();
  return stripCasts(v).getAsOpaquePointer();
}

/// The name of a buffer: a local's kfix.var, a parameter or a shared array.
std::string suspects::bufferName(SuspectContext &ctx, Value memref) {
  Value r = memRoot(memref);
  if (Operation *def = r.getDefiningOp())
    if (auto v = def->getAttrOfType<StringAttr>("kfix.var"))
      return v.str();
  if (auto arg = dyn_cast<BlockArgument>(r)) {
    unsigned n = arg.getArgNumber();
    unsigned inputs = ctx.func.getFunctionType().getNumInputs();
    if (n < inputs)
      return ctx.paramName(n);
    if (auto names = ctx.func->getAttrOfType<ArrayAttr>("kfix.shared_names"))
      if (n - inputs < names.size())
        if (auto s = dyn_cast<StringAttr>(names[n - inputs]))
          return s.str();
  }
  return "?";
}

bool suspects::loadsFrom(Value v, Value root) {
  v = stripCasts(v);
  if (Operation *def = v.getDefiningOp())
    if (Value m = readMemref(def))
      return isa<memref::LoadOp, vector::LoadOp>(def) && memRoot(m) == root;
  return false;
}

static bool isIntegerArith(Operation *op) {
  return isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ExtSIOp, arith::ExtUIOp,
             arith::TruncIOp, arith::IndexCastOp, arith::IndexCastUIOp, arith::SelectOp,
             arith::MinSIOp, arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp>(op);
}

static bool isCast(Operation *op) {
  return isa<arith::ExtFOp, arith::TruncFOp, arith::IndexCastOp, arith::IndexCastUIOp,
             arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::SIToFPOp, arith::UIToFPOp>(op);
}

//===----------------------------------------------------------------------===//
// Op-level models over the slice
//===----------------------------------------------------------------------===//

static bool isSizeExpr(SuspectContext &ctx, Value v, unsigned depth);

static void intDivision(SuspectContext &ctx, Operation *op) {
  if (!isa<arith::DivSIOp, arith::DivUIOp, arith::FloorDivSIOp, arith::CeilDivSIOp>(op))
    return;
  bool toFloat = reachesForward(
      op->getResult(0), ctx.mem,
      [](Operation *user, unsigned) { return isa<arith::SIToFPOp, arith::UIToFPOp>(user); },
      isIntegerArith);
  if (!toFloat)
    return;
  // A quotient of two sizes (`C / G` channels per group, `n / 4` vectors) is
  // a derived size, exact by the kernel's contract; a ratio whose fraction
  // matters involves a thread index, a loaded value or a constant numerator.
  bool sizes = isSizeExpr(ctx, op->getOperand(0), 0) && isSizeExpr(ctx, op->getOperand(1), 0);
  double s = sizes ? 1.5 : 3.0;
  // A quotient that bounds a loop (a window's start or end) is an index:
  // floor-bound's, not a truncated ratio.
  auto boundsLoop = [&](Value v) {
    for (Operation *u : v.getUsers())
      if (auto st = dyn_cast<memref::StoreOp>(u); st && st.getIndices().empty())
        for (Operation *r : ctx.mem.readersOf(memRoot(st.getMemref())))
          for (Operation *lu : r->getResult(0).getUsers())
            if (auto f = dyn_cast<scf::ForOp>(lu))
              if (f.getLowerBound() == r->getResult(0) || f.getUpperBound() == r->getResult(0))
                return true;
    return false;
  };
  if (boundsLoop(op->getResult(0)))
    s = 1.0;
  if (ctx.pattern == "periodic" || ctx.pattern == "head" || ctx.pattern == "scattered")
    s += 0.3;
  ctx.add(op, "int-division", s,
          sizes ? "integer division of two sizes converted to floating point (exact unless "
                  "the sizes do not divide)"
                : "integer division whose quotient is converted to floating point (the "
                  "fraction is truncated first)");
}

static Operation *sqrtLike(Value v) {
  Operation *def = stripCasts(v).getDefiningOp();
  if (!def)
    return nullptr;
  if (isa<math::SqrtOp, math::RsqrtOp>(def))
    return def;
  if (auto div = dyn_cast<arith::DivFOp>(def))
    if (isConstant(div.getLhs()))
      if (Operation *inner = stripCasts(div.getRhs()).getDefiningOp();
          isa_and_nonnull<math::SqrtOp>(inner))
        return def;
  return nullptr;
}

static void epsilonPlacement(SuspectContext &ctx, Operation *op) {
  if (!isa<arith::AddFOp>(op))
    return;
  for (unsigned i = 0; i < 2; ++i) {
    Operation *root = sqrtLike(op->getOperand(i));
    if (!root || sqrtLike(op->getOperand(1 - i)))
      continue;
    double s = 3.5;
    if (ctx.tag("nan") || ctx.tag("inf"))
      s += 0.5;
    ctx.add(op, "epsilon-placement", s,
            llvm::formatv("adds a term to the result of {0} (an epsilon belongs inside the "
                          "square root)",
                          root->getName().getStringRef())
                .str());
    return;
  }
}

/// Where an integer value ends up: a loop bound, a guard, a divisor.
static bool reachesLoopBound(SuspectContext &ctx, Value v) {
  return reachesForward(
      v, ctx.mem,
      [](Operation *user, unsigned n) {
        if (isa<scf::ForOp>(user))
          return n == 1;
        if (isa<arith::CmpIOp>(user))
          return llvm::any_of(user->getResult(0).getUsers(),
                              [](Operation *u) { return isa<scf::ConditionOp>(u); });
        return false;
      },
      // A clip of the bound (`min(hs + K, H - 1)`) is still the bound.
      [](Operation *op) {
        return isCast(op) ||
               isa<arith::MinSIOp, arith::MinUIOp, arith::MaxSIOp, arith::MaxUIOp>(op);
      });
}

static bool reachesDivisor(SuspectContext &ctx, Value v) {
  return reachesForward(
      v, ctx.mem,
      [](Operation *user, unsigned n) {
        return n == 1 && isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp>(user);
      },
      isCast);
}

/// A size: kernel scalar parameters and constants combined by + - * (through
/// casts and locals stored once).
static bool isSizeExpr(SuspectContext &ctx, Value v, unsigned depth) {
  if (!v || depth > 6)
    return false;
  v = stripCasts(v);
  if (auto arg = dyn_cast<BlockArgument>(v))
    return arg.getOwner()->getParentOp() == ctx.func.getOperation() && arg.getType().isIntOrIndex();
  Operation *def = v.getDefiningOp();
  if (auto l = dyn_cast_or_null<memref::LoadOp>(def))
    return l.getIndices().empty() &&
           isSizeExpr(ctx, ctx.mem.singleStoredValue(l.getMemref()), depth + 1);
  if (isa_and_nonnull<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def)) {
    bool any = false;
    for (Value o : def->getOperands()) {
      if (isConstant(o))
        continue;
      if (!isSizeExpr(ctx, o, depth + 1))
        return false;
      any = true;
    }
    return any;
  }
  return false;
}

/// True when `cond` guards an early exit (`if (c) return;`, break, continue).
static bool guardsEarlyExit(Value cond, unsigned depth = 0) {
  for (Operation *user : cond.getUsers()) {
    // `if (r >= n || c >= n) return;`: each disjunct alone is an exit.
    if (isa<arith::OrIOp>(user) && depth < 4 && guardsEarlyExit(user->getResult(0), depth + 1))
      return true;
    auto ifOp = dyn_cast<scf::IfOp>(user);
    if (!ifOp)
      continue;
    for (Operation &inner : ifOp.getThenRegion().front())
      if (auto st = dyn_cast<memref::StoreOp>(inner))
        if (Operation *def = memRoot(st.getMemref()).getDefiningOp())
          if (auto var = def->getAttrOfType<StringAttr>("kfix.var"))
            if (var.getValue() == "__return" || var.getValue() == "__break" ||
                var.getValue() == "__continue")
              return true;
  }
  return false;
}

static arith::CmpIPredicate swapSides(arith::CmpIPredicate p) {
  using P = arith::CmpIPredicate;
  switch (p) {
  case P::slt:
    return P::sgt;
  case P::sgt:
    return P::slt;
  case P::sle:
    return P::sge;
  case P::sge:
    return P::sle;
  case P::ult:
    return P::ugt;
  case P::ugt:
    return P::ult;
  case P::ule:
    return P::uge;
  case P::uge:
    return P::ule;
  default:
    return p;
  }
}

/// `c` decides an `if` or a `select`, directly or through `&&`, `||`, `!`.
static bool decidesBranch(Value c, unsigned depth = 0) {
  if (depth > 4)
    return false;
  for (Operation *u : c.getUsers()) {
    if (isa<scf::IfOp>(u) || (isa<arith::SelectOp>(u) && u->getOperand(0) == c))
      return true;
    if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(u) &&
        decidesBranch(u->getResult(0), depth + 1))
      return true;
  }
  return false;
}

/// The local is read as an inclusive end somewhere: `(end - start) + 1`
/// (an element count, a window's size).
static bool countsInclusiveEnd(memref::AllocaOp end) {
  for (Operation *u : end->getUsers()) {
    auto ld = dyn_cast<memref::LoadOp>(u);
    if (!ld)
      continue;
    for (Operation *sub : ld->getUsers()) {
      if (!isa<arith::SubIOp>(sub) || sub->getOperand(0) != ld.getResult())
        continue;
      for (Operation *add : sub->getResult(0).getUsers()) {
        if (!isa<arith::AddIOp>(add))
          continue;
        Value other =
            add->getOperand(0) == sub->getResult(0) ? add->getOperand(1) : add->getOperand(0);
        if (auto c = constantValue(other); c && *c == 1)
          return true;
      }
    }
  }
  return false;
}

static void offByOne(SuspectContext &ctx, Operation *op) {
  using P = arith::CmpIPredicate;
  bool faults = !ctx.in.faultLocs.empty();
  if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    if (isConstant(cmp.getLhs()) || isConstant(cmp.getRhs()))
      return;
    P p = cmp.getPredicate();
    auto isInclusive = [](P q) { return q == P::sle || q == P::sge || q == P::ule || q == P::uge; };
    bool loop =
        llvm::any_of(cmp->getUsers(), [](Operation *u) { return isa<scf::ConditionOp>(u); });
    if (p == P::eq || p == P::ne) {
      // `if (r == c) v = ...;` where every element needed the value: the
      // wrong elements hold what the other path leaves (zero).
      if (!loop && ctx.magnitude == "zero" && decidesBranch(cmp.getResult()))
        ctx.add(op, "guard", 1.2,
                "an equality of two computed values decides what is written, and the wrong "
                "elements are zero (the other path's value)");
      return;
    }
    // The condition under which the work happens, as `x OP size` when one side
    // is a size: `x < n` is the usual guard; `x <= n` lets x == n through.
    bool lhsSize = isSizeExpr(ctx, cmp.getLhs(), 0), rhsSize = isSizeExpr(ctx, cmp.getRhs(), 0);
    P work = guardsEarlyExit(cmp.getResult()) ? arith::invertPredicate(p) : p;
    if (lhsSize != rhsSize) {
      if (lhsSize)
        work = swapSides(work);
      bool upper = work == P::slt || work == P::ult || work == P::sle || work == P::ule;
      if (upper && !isInclusive(work))
        return; // x < n: the standard bound
      double s = upper ? 2.0 : 0.6;
      if (upper && faults)
        s += 1.5;
      ctx.add(op, loop && upper ? "loop-bound" : "off-by-one", s,
              upper ? (loop ? "inclusive loop bound (i <= n): one iteration too many?"
                            : "inclusive bound in a guard (x <= n lets x == n through)")
                    : "lower-bound comparison against a size");
      return;
    }
    bool inclusive = isInclusive(p);
    double s = loop ? (inclusive ? 2.0 : 0.6) : (inclusive ? 1.0 : 0.6);
    if (loop && faults)
      s += 1.5;
    ctx.add(op, loop ? "loop-bound" : "off-by-one", s,
            loop ? (inclusive ? "inclusive loop bound (<=): one iteration too many?"
                              : "loop bound comparison")
                 : (inclusive ? "inclusive comparison of two computed values: off by one?"
                              : "strict comparison of two computed values: off by one?"));
    return;
  }
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    // `for (k = lb; k < ub; ++k)` in its canonical form: the test is the
    // loop's range, not a comparison. A range from 0 (or a size) to a size is
    // the usual one; one that starts or ends at a computed value (k from row
    // to col) is where `<` for `<=` slips.
    Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
    if (isConstant(ub))
      return;
    bool ubSize = isSizeExpr(ctx, ub, 0);
    bool lbSize = isConstant(lb) || isSizeExpr(ctx, lb, 0);
    if (ubSize && lbSize)
      return;
    double s = (ubSize || lbSize) ? 0.45 : 0.6;
    if (faults)
      s += 0.5;
    if (auto end = localOf(ub); end && countsInclusiveEnd(end)) {
      auto n = end->getAttrOfType<StringAttr>("kfix.var");
      ctx.add(op, "loop-bound", 2.6,
              llvm::formatv("the kernel counts '{0}' as an inclusive end ({0} - x + 1) but this "
                            "loop stops before it",
                            n ? n.getValue() : "the bound")
                  .str());
      return;
    }
    ctx.add(op, "loop-bound", s,
            ubSize ? "loop range starts at a computed value: one iteration off?"
                   : "loop range ends at a computed value (k < ub): one iteration short?");
    // An end computed as a clip with a term outside it (`len = min(R, C) -
    // k` where `min(R, C - k)` was meant), through the local that keeps it:
    // the term, where the edit search moves it into the clip.
    if (memref::AllocaOp end = localOf(ub)) {
      SmallVector<std::pair<Value, unsigned>> work{{ctx.mem.singleStoredValue(end), 0}};
      while (!work.empty()) {
        auto [v, d] = work.pop_back_val();
        Operation *def = v ? stripCasts(v).getDefiningOp() : nullptr;
        if (!def || d > 4)
          continue;
        if (isa<arith::SelectOp>(def)) {
          work.push_back({def->getOperand(1), d + 1});
          work.push_back({def->getOperand(2), d + 1});
          continue;
        }
        if (!isa<arith::AddIOp, arith::SubIOp>(def))
          continue;
        for (unsigned i = 0; i < 2; ++i) {
          Operation *clip = stripCasts(def->getOperand(i)).getDefiningOp();
          if ((i == 0 || isa<arith::AddIOp>(def)) &&
              isa_and_nonnull<arith::MinSIOp, arith::MaxSIOp, arith::MinUIOp, arith::MaxUIOp>(
                  clip) &&
              !isConstant(def->getOperand(1 - i))) {
            ctx.add(def, "clip-term", 0.55,
                    "the loop's end is a clip with a term outside it: the term inside the "
                    "min/max?",
                    op);
            break;
          }
        }
      }
    }
    return;
  }
  if (!isa<arith::AddIOp, arith::SubIOp>(op))
    return;
  std::optional<double> c;
  Value other;
  if ((c = constantValue(op->getOperand(1))))
    other = op->getOperand(0);
  else if (isa<arith::AddIOp>(op) && (c = constantValue(op->getOperand(0))))
    other = op->getOperand(1);
  if (!c || std::fabs(*c) != 1 || isConstant(other))
    return;
  const char *sign = (*c > 0) == isa<arith::AddIOp>(op) ? "+1" : "-1";
  // `k = k + 1` is a loop's step (its counter reaches the loop's condition
  // through the local), not a bound adjusted by one.
  if (auto l = stripCasts(other).getDefiningOp<memref::LoadOp>())
    if (l.getIndices().empty() && llvm::any_of(op->getResult(0).getUsers(), [&](Operation *u) {
          auto st = dyn_cast<memref::StoreOp>(u);
          return st && st.getMemref() == l.getMemref() && st.getValue() == op->getResult(0);
        }))
      return;
  if (reachesLoopBound(ctx, op->getResult(0))) {
    double s = 2.0 + (faults ? 1.5 : 0.0);
    ctx.add(op, "loop-bound", s, llvm::formatv("loop bound adjusted by {0}", sign).str());
  } else if (reachesDivisor(ctx, op->getResult(0))) {
    double s = 1.5 + (ctx.magnitude == "factor" ? 1.5 : 0.0);
    ctx.add(op, "divisor-off-by-one", s,
            llvm::formatv("divisor adjusted by {0} (n-1 where n was meant?)", sign).str());
  }
}

/// `v` is a maximum (a max op, or a local a max op writes), within a few hops.
static bool isMaxValue(SuspectContext &ctx, Value v, unsigned depth = 0) {
  v = stripCasts(v);
  Operation *d = v.getDefiningOp();
  if (!d || depth > 4)
    return false;
  if (isa<arith::MaxNumFOp, arith::MaximumFOp>(d))
    return true;
  if (auto l = dyn_cast<memref::LoadOp>(d); l && l.getIndices().empty())
    for (Operation *w : ctx.mem.writersOf(memRoot(l.getMemref())))
      if (auto st = dyn_cast<memref::StoreOp>(w))
        if (isMaxValue(ctx, st.getValueToStore(), depth + 1))
          return true;
  return false;
}

/// The result of `op` is the argument of an exp (through products and
/// quotients by other values: a temperature, log2 e).
static bool feedsExp(Operation *op) {
  SmallVector<std::pair<Value, unsigned>> work{{op->getResult(0), 0}};
  while (!work.empty()) {
    auto [v, hops] = work.pop_back_val();
    for (Operation *u : v.getUsers()) {
      if (isa<math::ExpOp, math::Exp2Op>(u))
        return true;
      if (hops < 2 && isa<arith::MulFOp, arith::DivFOp>(u) && u->getOperand(0) == v)
        work.push_back({u->getResult(0), hops + 1});
      else if (hops < 2 && isa<arith::MulFOp>(u))
        work.push_back({u->getResult(0), hops + 1});
    }
  }
  return false;
}

static void operandOrder(SuspectContext &ctx, Operation *op, unsigned dist) {
  // `exp(m - x)` with m a maximum: every term is >= 1 and overflows; the
  // stable form is `exp(x - m)`.
  // Both maxima (`exp(m_old - m_new)`, the online softmax's rescale of what
  // was summed under the previous max) is the stable form already.
  if (isa<arith::SubFOp>(op) && isMaxValue(ctx, op->getOperand(0)) &&
      !isMaxValue(ctx, op->getOperand(1)) && feedsExp(op)) {
    ctx.add(op, "operand-order", 3.5,
            "exp of (maximum - value): every term is at least 1 (the max subtracted the wrong "
            "way round?)");
    ctx.setHint(op, "operand-order", "kind=swap operand= with=");
    return;
  }
  bool sub = isa<arith::SubFOp, arith::SubIOp>(op);
  bool div = isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp, math::Atan2Op, math::PowFOp>(op);
  if (!sub && !div)
    return;
  if (isConstant(op->getOperand(0)) || isConstant(op->getOperand(1)))
    return;
  double s = 0.8;
  // Index arithmetic against a size (`i / hidden`, `i - t * hidden`): a swap
  // there is nonsense (`hidden / i`) rather than a slip.
  if (isa<arith::SubIOp, arith::DivSIOp, arith::DivUIOp>(op)) {
    auto readsSize = [&](Value v) {
      if (isSizeExpr(ctx, v, 0))
        return true;
      if (auto m = stripCasts(v).getDefiningOp<arith::MulIOp>())
        return isSizeExpr(ctx, m.getLhs(), 0) || isSizeExpr(ctx, m.getRhs(), 0);
      return false;
    };
    if (readsSize(op->getOperand(1)))
      s = 0.1;
  }
  if (sub && ctx.magnitude == "sign-flip")
    s += 3.2 - 0.05 * std::min(dist, 20u);
  if (div && (ctx.magnitude == "factor" || ctx.magnitude == "unrelated"))
    s += 0.2;
  ctx.add(op, "operand-order", s,
          sub ? (ctx.magnitude == "sign-flip"
                     ? "subtraction of two computed values and the outputs have the wrong sign"
                     : "subtraction of two computed values (operands swapped?)")
          : isa<math::Atan2Op, math::PowFOp>(op)
              ? "two computed arguments of a non-commutative function (swapped?)"
              : "division of two computed values (operands swapped?)");
}

/// `w * A + (1 - w) * B`: a blend by complementary weights, the form whose
/// two weights (or two values) a slip exchanges (`alpha * (1 - t) + (1 -
/// alpha) * t` for `alpha * t + ...`, `z * n + (1 - z) * h` for `(1 - z) * n
/// + z * h`). The hint exchanges the factors beside the complementary pair.
static void complementOrder(SuspectContext &ctx, Operation *op) {
  if (!isa<arith::AddFOp>(op))
    return;
  Operation *l = op->getOperand(0).getDefiningOp(), *r = op->getOperand(1).getDefiningOp();
  if (!isa_and_nonnull<arith::MulFOp>(l) || !isa_and_nonnull<arith::MulFOp>(r))
    return;
  auto oneMinus = [](Value c, Value w) {
    auto sub = c.getDefiningOp<arith::SubFOp>();
    auto one = sub ? constantValue(sub.getLhs()) : std::nullopt;
    return one && *one == 1.0 && sub.getRhs() == w;
  };
  for (unsigned j = 0; j < 2; ++j)
    for (unsigned k = 0; k < 2; ++k) {
      Value a = l->getOperand(j), b = r->getOperand(k);
      if (!oneMinus(a, b) && !oneMinus(b, a))
        continue;
      Value x = l->getOperand(1 - j), y = r->getOperand(1 - k);
      if (x == y || isConstant(x) || isConstant(y))
        continue;
      ctx.add(op, "complement-order", 1.2,
              "a blend by complementary weights (w * a + (1 - w) * b): the weights or the "
              "values the other way round?");
      ctx.setHint(op, "complement-order",
                  llvm::formatv("kind=crossswap operand={0}{1} with=", 1 - j, 1 - k).str());
      return;
    }
}

/// An integer op that overflowed at run time (kfix-instrument-overflow found
/// it): the overflow itself is the defect when the op feeds wrong outputs.
static void intOverflow(SuspectContext &ctx, Operation *op,
                        const std::set<std::string> &overflowed) {
  if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op))
    return;
  if (!overflowed.count(formatLoc(op->getLoc())))
    return;
  ctx.add(op, "int-overflow", 5.0,
          "signed 32-bit arithmetic that overflowed at run time (widen an operand to 64 "
          "bits first)");
}

void suspects::applyModels(SuspectContext &ctx) {
  // Program order, so that equal scores rank deterministically.
  std::vector<std::pair<Operation *, unsigned>> ops;
  ctx.func.walk([&](Operation *op) {
    if (ctx.bad.contains(op))
      ops.push_back({op, ctx.bad.distance(op)});
  });
  std::vector<Operation *> badStores;
  for (auto [op, d] : ops)
    if (d == 0 && writtenMemref(op))
      badStores.push_back(op);
  std::set<std::string> overflowed(ctx.in.overflowLocs.begin(), ctx.in.overflowLocs.end());
  for (auto [op, d] : ops) {
    if (!overflowed.empty())
      intOverflow(ctx, op, overflowed);
    intDivision(ctx, op);
    epsilonPlacement(ctx, op);
    offByOne(ctx, op);
    operandOrder(ctx, op, d);
    complementOrder(ctx, op);
    indexModels(ctx, op);              // SuspectIndexing.cpp
    treeHalving(ctx, op);              // SuspectReductions.cpp
    shuffleModels(ctx, op, badStores); // SuspectReductions.cpp
  }
  accumulatorModels(ctx);       // SuspectAccumulators.cpp
  barrierModels(ctx);           // SuspectBarriers.cpp
  guardModels(ctx);             // SuspectGuards.cpp
  constantModels(ctx);          // SuspectConstants.cpp
  siblingModels(ctx);           // SuspectSiblings.cpp
  siblingScaleModels(ctx);      // SuspectSiblings.cpp
  siblingIndexModels(ctx);      // SuspectSiblings.cpp
  siblingDefinitionModels(ctx); // SuspectRedefinitions.cpp
  twinDefinitionModels(ctx);    // SuspectRedefinitions.cpp
  strideFamilyModels(ctx);      // SuspectStrides.cpp
  flattenModels(ctx);           // SuspectStrides.cpp
  coordinateModels(ctx);        // SuspectCoordinates.cpp
  snapshotModels(ctx);          // SuspectSnapshots.cpp
  mergeScaleModels(ctx);        // SuspectMerges.cpp
  windowModels(ctx);            // SuspectWindows.cpp
  scaleModels(ctx);             // SuspectScales.cpp
  signModels(ctx);              // SuspectScales.cpp
  tieModels(ctx);               // SuspectScales.cpp
  dilationModels(ctx);          // SuspectScales.cpp
  scanModels(ctx);              // SuspectScans.cpp
  unusedModels(ctx);            // SuspectUnused.cpp
  truncatedLocals(ctx);         // SuspectUnused.cpp
  absCompareModels(ctx);        // SuspectUnused.cpp
  rebaseModels(ctx);            // SuspectRebase.cpp
  negativeTruncation(ctx);      // SuspectUnused.cpp
  sharedBufferModels(ctx);      // SuspectShared.cpp
  uninitReadModels(ctx);        // SuspectShared.cpp
  atomicModels(ctx);            // SuspectAtomics.cpp
  warpReplicatedModels(ctx);    // SuspectAtomics.cpp
  swapModels(ctx);              // SuspectSwaps.cpp
  vectorModels(ctx);            // SuspectVectors.cpp
  laneOrderModels(ctx);         // SuspectVectors.cpp
  definitionModels(ctx);        // SuspectDefinitions.cpp
}
