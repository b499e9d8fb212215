//===- SuspectAccumulators.cpp - reduction-identity and accumulation models ===//
//
// The models over accumulators (SuspectModels.cpp lists every model): buffers
// updated as x = x (op) y, whose seed is not the identity of the combining op
// (reduction-identity), whose element type is f16/bf16
// (low-precision-accumulation), or that is seeded once but read for a result
// in every iteration of a loop around its updates (stale-accumulator).
//
//===----------------------------------------------------------------------===//
#include "SuspectModels.h"

#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>
#include <optional>

using namespace mlir;
using namespace kfix;
using namespace kfix::suspects;

/// Same value, or two loads of the same scalar local.
static bool sameValue(Value a, Value b) {
  a = stripCasts(a);
  b = stripCasts(b);
  if (a == b)
    return true;
  auto la = a.getDefiningOp<memref::LoadOp>(), lb = b.getDefiningOp<memref::LoadOp>();
  return la && lb && la.getIndices().empty() && lb.getIndices().empty() &&
         memRoot(la.getMemref()) == memRoot(lb.getMemref());
}

//===----------------------------------------------------------------------===//
// Accumulators: buffers updated as x = x (op) y
//===----------------------------------------------------------------------===//

namespace {
struct Accumulator {
  Operation *store = nullptr;   ///< the update store
  Operation *combine = nullptr; ///< the combining op (or the guarding compare)
  Value root;
  std::string kind; ///< sum, product, max, min
};
} // namespace

static std::optional<std::string> combineKind(Operation *op) {
  if (isa<arith::AddFOp, arith::AddIOp, math::FmaOp>(op))
    return std::string("sum");
  if (isa<arith::MulFOp, arith::MulIOp>(op))
    return std::string("product");
  if (isa<arith::MaxNumFOp, arith::MaximumFOp, arith::MaxSIOp, arith::MaxUIOp>(op))
    return std::string("max");
  if (isa<arith::MinNumFOp, arith::MinimumFOp, arith::MinSIOp, arith::MinUIOp>(op))
    return std::string("min");
  return std::nullopt;
}

/// +1: `a pred b` holds when a > b (gt/ge); -1: when a < b; 0 otherwise.
static int greaterSense(Operation *cmp) {
  if (auto c = dyn_cast<arith::CmpFOp>(cmp)) {
    switch (c.getPredicate()) {
    case arith::CmpFPredicate::OGT:
    case arith::CmpFPredicate::OGE:
    case arith::CmpFPredicate::UGT:
    case arith::CmpFPredicate::UGE:
      return 1;
    case arith::CmpFPredicate::OLT:
    case arith::CmpFPredicate::OLE:
    case arith::CmpFPredicate::ULT:
    case arith::CmpFPredicate::ULE:
      return -1;
    default:
      return 0;
    }
  }
  if (auto c = dyn_cast<arith::CmpIOp>(cmp)) {
    switch (c.getPredicate()) {
    case arith::CmpIPredicate::sgt:
    case arith::CmpIPredicate::sge:
    case arith::CmpIPredicate::ugt:
    case arith::CmpIPredicate::uge:
      return 1;
    case arith::CmpIPredicate::slt:
    case arith::CmpIPredicate::sle:
    case arith::CmpIPredicate::ult:
    case arith::CmpIPredicate::ule:
      return -1;
    default:
      return 0;
    }
  }
  return 0;
}

static std::optional<Accumulator> asAccumulator(Operation *store) {
  auto st = dyn_cast<memref::StoreOp>(store);
  if (!st)
    return std::nullopt;
  Value root = memRoot(st.getMemref());
  Value v = stripCasts(st.getValueToStore());
  Operation *def = v.getDefiningOp();
  // A component update of a vector local (`acc.x += w` on a float2):
  // insert(combine(extract(acc), w), acc).
  if (auto ins = dyn_cast_or_null<vector::InsertOp>(def); ins && loadsFrom(ins.getDest(), root)) {
    Operation *inner = stripCasts(ins.getValueToStore()).getDefiningOp();
    if (inner)
      if (auto kind = combineKind(inner)) {
        unsigned first = isa<math::FmaOp>(inner) ? 2 : 0;
        for (unsigned i = first; i < inner->getNumOperands(); ++i)
          if (auto ex = stripCasts(inner->getOperand(i)).getDefiningOp<vector::ExtractOp>())
            if (loadsFrom(ex.getSource(), root))
              return Accumulator{store, inner, root, *kind};
      }
    return std::nullopt;
  }
  if (def) {
    if (auto kind = combineKind(def)) {
      unsigned first = isa<math::FmaOp>(def) ? 2 : 0;
      for (unsigned i = first; i < def->getNumOperands(); ++i)
        if (loadsFrom(def->getOperand(i), root))
          return Accumulator{store, def, root, *kind};
    }
    // select(a > b, a, b)
    if (auto sel = dyn_cast<arith::SelectOp>(def)) {
      Operation *cmp = sel.getCondition().getDefiningOp();
      if (cmp && cmp->getNumOperands() == 2 &&
          (loadsFrom(sel.getTrueValue(), root) || loadsFrom(sel.getFalseValue(), root))) {
        int sense = greaterSense(cmp);
        if (sense && sameValue(sel.getTrueValue(), cmp->getOperand(0)) &&
            sameValue(sel.getFalseValue(), cmp->getOperand(1)))
          return Accumulator{store, def, root, sense > 0 ? "max" : "min"};
        if (sense && sameValue(sel.getTrueValue(), cmp->getOperand(1)) &&
            sameValue(sel.getFalseValue(), cmp->getOperand(0)))
          return Accumulator{store, def, root, sense > 0 ? "min" : "max"};
      }
    }
  }
  // if (x > m) m = x;
  if (auto ifOp = dyn_cast_or_null<scf::IfOp>(store->getParentOp())) {
    Operation *cmp = stripCasts(ifOp.getCondition()).getDefiningOp();
    if (cmp && isa<arith::CmpFOp, arith::CmpIOp>(cmp) &&
        store->getBlock() == &ifOp.getThenRegion().front()) {
      int sense = greaterSense(cmp);
      Value a = cmp->getOperand(0), b = cmp->getOperand(1);
      if (sense && sameValue(a, v) && loadsFrom(b, root))
        return Accumulator{store, cmp, root, sense > 0 ? "max" : "min"};
      if (sense && sameValue(b, v) && loadsFrom(a, root))
        return Accumulator{store, cmp, root, sense > 0 ? "min" : "max"};
    }
  }
  return std::nullopt;
}

/// Constants a stored value can be (through ifs, selects, casts, negation).
static void constantLeaves(Value v, llvm::SmallVectorImpl<std::pair<Operation *, double>> &out,
                           double sign = 1, unsigned depth = 0) {
  if (!v || depth > 8)
    return;
  v = stripCasts(v);
  Operation *def = v.getDefiningOp();
  if (!def)
    return;
  if (auto c = constantValue(v)) {
    out.push_back({def, sign * *c});
    return;
  }
  if (isa<arith::NegFOp>(def))
    return constantLeaves(def->getOperand(0), out, -sign, depth + 1);
  if (auto sel = dyn_cast<arith::SelectOp>(def)) {
    constantLeaves(sel.getTrueValue(), out, sign, depth + 1);
    constantLeaves(sel.getFalseValue(), out, sign, depth + 1);
    return;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    unsigned idx = cast<OpResult>(v).getResultNumber();
    for (Region *r : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
      if (!r->empty())
        if (auto y = dyn_cast<scf::YieldOp>(r->front().getTerminator()))
          constantLeaves(y.getOperand(idx), out, sign, depth + 1);
    return;
  }
  // A local read right after its store in the same block (an inlined
  // helper's by-value parameter seeded from the caller's local: `float v =
  // lane < NW ? part[lane] : 0.0f; v = warp_min(v);`): the stored value.
  if (auto ld = dyn_cast<memref::LoadOp>(def); ld && ld.getIndices().empty())
    if (isa_and_nonnull<memref::AllocaOp>(ld.getMemref().getDefiningOp()))
      for (Operation *p = ld->getPrevNode(); p; p = p->getPrevNode()) {
        auto st = dyn_cast<memref::StoreOp>(p);
        if (p->getNumRegions() || (st && st.getMemref() == ld.getMemref())) {
          if (st)
            constantLeaves(st.getValueToStore(), out, sign, depth + 1);
          break;
        }
      }
}

static bool isIdentity(llvm::StringRef kind, double v, Type t) {
  bool isInt = t.isInteger();
  if (kind == "sum")
    return v == 0;
  if (kind == "product")
    return v == 1;
  if (kind == "max")
    return isInt ? v <= -2147483648.0 : (std::isinf(v) && v < 0) || v <= -3.0e38;
  if (kind == "min")
    return isInt ? v >= 2147483647.0 : (std::isinf(v) && v > 0) || v >= 3.0e38;
  return true;
}

static const char *identityText(llvm::StringRef kind) {
  if (kind == "sum")
    return "0";
  if (kind == "product")
    return "1";
  if (kind == "max")
    return "-inf / the lowest value";
  return "+inf / the largest value";
}

/// A local accumulator seeded once, before a loop L, updated in a loop nested
/// in L and read for a result in every iteration of L (outside that nested
/// loop), with no reset inside L: each of L's results carries the previous
/// ones (`float sum = 0; for (b..) { for (k..) sum += ..; out[b] = f(sum); }`).
/// Returns L, or null. A running total read in the loop that updates it
/// (a prefix sum) is not this shape: the read must sit outside the nested loop.
/// True when `v` is computed from a load of `root` (through pure ops and
/// values such as a shuffle's result): a write of `v` to `root` updates it
/// (`acc += __shfl_down_sync(mask, acc, off)`) rather than resets it.
static bool computedFrom(Value v, Value root) {
  SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Operation *d = work.pop_back_val().getDefiningOp();
    if (!d || !seen.insert(d).second || seen.size() > 64)
      continue;
    if (auto ld = dyn_cast<memref::LoadOp>(d)) {
      if (ld.getMemref() == root)
        return true;
      continue;
    }
    if (d->getNumRegions())
      continue;
    for (Value o : d->getOperands())
      work.push_back(o);
  }
  return false;
}

static Operation *staleLoop(SuspectContext &ctx, const Accumulator &a,
                            const llvm::DenseSet<Operation *> &updates) {
  auto var = a.root.getDefiningOp<memref::AllocaOp>();
  if (!var || var.getType().getRank() != 0)
    return {};
  // The loops around the update (`for`, and `while` for strides the lifter
  // keeps as conditions: `r += num_warps`), innermost first.
  SmallVector<Operation *> fors;
  for (Operation *p = a.store->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp())
    if (isa<scf::ForOp, scf::WhileOp>(p))
      fors.push_back(p);
  const auto &writers = ctx.mem.writersOf(a.root);
  for (size_t i = 1; i < fors.size(); ++i) {
    Operation *loop = fors[i], *inner = fors[i - 1];
    // Seeded outside L (a constant store), never reset inside it.
    bool seededOutside = false, resetInside = false;
    for (Operation *w : writers) {
      if (updates.count(w))
        continue;
      if (auto st = dyn_cast<memref::StoreOp>(w); st && computedFrom(st.getValueToStore(), a.root))
        continue;
      if (loop->isAncestor(w)) {
        resetInside = true;
        break;
      }
      auto st = dyn_cast<memref::StoreOp>(w);
      if (st && constantValue(st.getValueToStore()))
        seededOutside = true;
      // A vector local seeded with constants (`make_float2(0.f, 0.f)`).
      if (auto fe = st ? st.getValueToStore().getDefiningOp<vector::FromElementsOp>()
                       : vector::FromElementsOp();
          fe &&
          llvm::all_of(fe.getElements(), [](Value e) { return constantValue(e).has_value(); }))
        seededOutside = true;
    }
    if (resetInside)
      return {};
    if (!seededOutside)
      continue;
    // Read in L outside the nested loop, and L writes a result to memory
    // that is not a local.
    bool readAfter = llvm::any_of(ctx.mem.readersOf(a.root), [&](Operation *r) {
      return loop->isAncestor(r) && !inner->isAncestor(r);
    });
    bool writesResult = false;
    loop->walk([&](memref::StoreOp st) {
      if (!inner->isAncestor(st) && !memRoot(st.getMemref()).getDefiningOp<memref::AllocaOp>())
        writesResult = true;
    });
    if (readAfter && writesResult)
      return loop;
  }
  return {};
}

/// The loop variable of `loop` as values: a for's induction variable, or the
/// local a while loop steps (its condition's loaded local).
static llvm::SmallVector<Value> loopVars(Operation *loop) {
  llvm::SmallVector<Value> out;
  if (auto f = dyn_cast<scf::ForOp>(loop)) {
    out.push_back(f.getInductionVar());
    return out;
  }
  auto w = cast<scf::WhileOp>(loop);
  w.getBefore().walk([&](memref::LoadOp l) {
    if (l.getIndices().empty() && l.getMemref().getDefiningOp<memref::AllocaOp>())
      out.push_back(l.getMemref());
  });
  return out;
}

/// A loop over independent rows: its variable scales an address (`row * L`,
/// through casts and locals stored from it).
static bool rowLoop(SuspectContext &ctx, Operation *loop) {
  llvm::SmallVector<Value> work = loopVars(loop);
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty() && seen.size() < 64) {
    Value v = work.pop_back_val();
    for (Operation *u : v.getUsers()) {
      if (!seen.insert(u).second || !loop->isAncestor(u))
        continue;
      if (isa<arith::MulIOp>(u)) {
        Value other = u->getOperand(0) == v ? u->getOperand(1) : u->getOperand(0);
        if (isa<BlockArgument>(stripCasts(other)))
          return true;
      }
      if (isa<memref::LoadOp>(u) && cast<memref::LoadOp>(u).getIndices().empty()) {
        work.push_back(u->getResult(0));
        continue;
      }
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        if (st.getValueToStore() == v && st.getIndices().empty() &&
            st.getMemref().getDefiningOp<memref::AllocaOp>())
          work.push_back(st.getMemref());
        continue;
      }
      if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp, arith::IndexCastUIOp>(u))
        work.push_back(u->getResult(0));
    }
  }
  return false;
}

/// A local seeded with a constant before a loop over independent rows,
/// written from computed values in it and read in it (a carry, a running
/// state): every row after the first starts from the previous row's state
/// (`float carry = 0; for (row..) { while (..) { v = scan(x) + carry; carry
/// = shfl(v, 31); } }`). At the first computed write, with the hint that
/// restarts the local in each iteration of the row loop.
static void carriedLocals(SuspectContext &ctx) {
  ctx.func.walk([&](memref::AllocaOp var) {
    if (var.getType().getRank() != 0 || !var->hasAttr("kfix.var"))
      return;
    memref::StoreOp seed, inside;
    bool readInside = false;
    Operation *row = nullptr;
    for (Operation *u : var->getUsers()) {
      auto st = dyn_cast<memref::StoreOp>(u);
      if (st && st.getMemref() == var.getResult() && constantValue(st.getValueToStore()) &&
          !u->getParentOfType<scf::ForOp>() && !u->getParentOfType<scf::WhileOp>())
        seed = st;
    }
    if (!seed)
      return;
    for (Operation *u : var->getUsers()) {
      if (u == seed)
        continue;
      // The outermost loop around the use that is a row loop.
      Operation *outer = nullptr;
      for (Operation *p = u->getParentOp(); p && !isa<gpu::GPUFuncOp>(p); p = p->getParentOp())
        if (isa<scf::ForOp, scf::WhileOp>(p) && rowLoop(ctx, p))
          outer = p;
      if (!outer)
        continue;
      if (row && row != outer)
        return;
      row = outer;
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        if (constantValue(st.getValueToStore()))
          return; // reset in the loop
        if (!inside)
          inside = st;
      } else if (isa<memref::LoadOp>(u)) {
        readInside = true;
      }
    }
    if (!row || !inside || !readInside || !ctx.bad.contains(inside))
      return;
    // The row loop writes its rows' results (a grid-stride sum over rows
    // that writes once after the loop carries its total on purpose).
    bool writesRows = false;
    row->walk([&](memref::StoreOp st) {
      if (!memRoot(st.getMemref()).getDefiningOp<memref::AllocaOp>())
        writesRows = true;
    });
    if (!writesRows)
      return;
    // Reset at the start of the row loop's body: nothing to do there if the
    // first use in it is a store.
    unsigned k = 0;
    for (Operation *p = inside->getParentOp(); p && p != row; p = p->getParentOp())
      if (isa<scf::ForOp, scf::WhileOp>(p))
        ++k;
    std::string name = var->getAttrOfType<StringAttr>("kfix.var").getValue().str();
    auto flc = findFileLineCol(row->getLoc());
    ctx.add(inside, "stale-accumulator", 3.0,
            llvm::formatv("'{0}' is seeded once, before the loop over rows at line {1}, and "
                          "carried from one row to the next",
                          name, flc ? flc->getLine() : 0)
                .str());
    ctx.setHint(inside, "stale-accumulator",
                llvm::formatv("kind=reinit operand={0} with={1}", name, k).str(),
                /*keepFirst=*/true);
  });
}

/// f32 values staged through a `__shared__` buffer of half elements (each
/// store rounds an f32 value, each load is widened back): partial sums of a
/// block reduction overflow at 65504 or keep 11 bits. Likelier when an Inf
/// was first produced by that rounding (an inf-origin finding there).
static void halfStagingModels(SuspectContext &ctx) {
  Type f32 = Float32Type::get(ctx.func.getContext());
  for (BlockArgument buf : ctx.func.getWorkgroupAttributions()) {
    auto mt = dyn_cast<MemRefType>(buf.getType());
    if (!mt || !isa<Float16Type, BFloat16Type>(mt.getElementType()))
      continue;
    SmallVector<arith::TruncFOp> rounds;
    bool staging = true;
    for (Operation *u : buf.getUsers()) {
      if (auto st = dyn_cast<memref::StoreOp>(u)) {
        auto t = st.getValueToStore().getDefiningOp<arith::TruncFOp>();
        staging &= st.getMemref() == buf && t && t.getIn().getType() == f32;
        if (t)
          rounds.push_back(t);
      } else if (auto ld = dyn_cast<memref::LoadOp>(u)) {
        staging &= llvm::all_of(ld->getUsers(), [&](Operation *x) {
          return isa<arith::ExtFOp>(x) && x->getResult(0).getType() == f32;
        });
      } else {
        staging = false;
      }
    }
    if (!staging || rounds.empty())
      continue;
    std::string bname = bufferName(ctx, buf);
    for (arith::TruncFOp t : rounds) {
      bool infHere = false;
      if (auto flc = findFileLineCol(t->getLoc())) {
        std::string key = llvm::formatv(":{0}:{1}", flc->getLine(), flc->getColumn()).str();
        for (const std::string &l : ctx.in.findingLocs)
          infHere |= llvm::StringRef(l).ends_with(key);
      }
      if (!ctx.bad.contains(t) && !infHere)
        continue;
      ctx.add(t, "low-precision-accumulation", infHere ? 4.5 : 2.5,
              llvm::formatv("f32 values are staged in the __shared__ half buffer '{0}' (rounded "
                            "here, widened back where read)",
                            bname)
                  .str());
    }
  }
}

/// The value a max/min accumulator takes in (`m = max(m, x)`, `if (x > m)
/// m = x`): x.
static Value candidateOf(const Accumulator &a) {
  Value v = stripCasts(cast<memref::StoreOp>(a.store).getValueToStore());
  if (isa<scf::IfOp>(a.store->getParentOp()))
    return v;
  for (Value o : a.combine->getOperands())
    if (!loadsFrom(o, a.root) && !isa<IntegerType>(o.getType()) && o.getType() == v.getType())
      return o;
  return {};
}

/// A max (min) reduction over guarded reads whose fallback for the reads it
/// skips is a constant other than the identity (`inside ? x[i] : 0.0f` into a
/// max pool with padding): the padding wins wherever every real value is below
/// it. The suspect is the fallback constant; the hint, the value the
/// accumulator itself starts from when that is the identity, else -inf (inf).
/// The same for a sum or a product (a scan step's `lane >= d ? up : 0.0f` in a
/// running product: the lanes without a partner multiply by 0): 0 or 1.
static void paddingFallbacks(SuspectContext &ctx, const Accumulator &a, Type elem) {
  bool extremum = a.kind == "max" || a.kind == "min";
  if (!extremum && a.kind != "sum" && a.kind != "product")
    return;
  Value x = candidateOf(a);
  // Through the local it is kept in (`const float v = fetch(...)`).
  for (unsigned steps = 0; x && steps < 4; ++steps) {
    memref::AllocaOp l = localOf(x);
    if (!l)
      break;
    x = stripCasts(ctx.mem.singleStoredValue(l.getResult()));
  }
  if (!x || !isa<FloatType>(x.getType()))
    return;
  // The fallback: a select's constant operand, or the constant an scf.if
  // yields on one side (`inside ? plane[i] : 0.0f` around a load).
  SmallVector<std::pair<Operation *, std::string>> fallbacks; // the op, its operand
  if (auto sel = x.getDefiningOp<arith::SelectOp>()) {
    for (unsigned i = 1; i < 3; ++i)
      if (constantValue(sel->getOperand(i)) && !constantValue(sel->getOperand(3 - i)))
        fallbacks.push_back({sel, std::to_string(i)});
  } else if (auto ifOp = x.getDefiningOp<scf::IfOp>(); ifOp && ifOp.elseBlock()) {
    unsigned k = cast<OpResult>(x).getResultNumber();
    Value t = ifOp.thenYield()->getOperand(k), e = ifOp.elseYield()->getOperand(k);
    for (auto [c, other] : {std::pair{t, e}, std::pair{e, t}})
      if (auto cst = c.getDefiningOp<arith::ConstantOp>(); cst && !constantValue(other))
        fallbacks.push_back({cst, "result"});
  }
  // The seed the accumulator starts from, when it is the identity.
  std::string with = a.kind == "max"   ? "-inf"
                     : a.kind == "min" ? "inf"
                     : a.kind == "sum" ? "0"
                                       : "1";
  for (Operation *w : extremum ? ctx.mem.writersOf(a.root) : std::vector<Operation *>{})
    if (auto st = dyn_cast<memref::StoreOp>(w); st && w != a.store)
      if (auto c = constantValue(st.getValueToStore());
          c && isIdentity(a.kind, *c, elem) && !std::isinf(*c))
        with = a.kind == "max" ? "-max" : "max";
  for (auto [op, operand] : fallbacks) {
    std::optional<double> c =
        constantValue(operand == "result" ? op->getResult(0) : op->getOperand(std::stoi(operand)));
    if (!c || isIdentity(a.kind, *c, elem))
      continue;
    if (ctx.haveEvidence && !ctx.bad.contains(op))
      continue;
    ctx.add(op, "padding-identity", ctx.magnitude == "zero" ? 3.6 : 3.1,
            llvm::formatv("the {0} reduction into '{1}' takes {2} for the reads it skips, not "
                          "the identity ({3})",
                          a.kind, bufferName(ctx, a.root), *c, identityText(a.kind))
                .str());
    ctx.setHint(op, "padding-identity",
                llvm::formatv("kind=fconst operand={0} with={1}", operand, with).str(),
                /*keepFirst=*/true);
  }
}

void suspects::accumulatorModels(SuspectContext &ctx) {
  halfStagingModels(ctx);
  carriedLocals(ctx);
  std::vector<Accumulator> accs;
  llvm::DenseSet<Operation *> updateStores;
  ctx.func.walk([&](memref::StoreOp st) {
    if (auto a = asAccumulator(st)) {
      accs.push_back(*a);
      updateStores.insert(st);
    }
  });
  std::set<std::pair<const void *, std::string>> done;
  for (const Accumulator &a : accs) {
    std::string name = bufferName(ctx, a.root);
    Type elem = getElementTypeOrSelf(cast<memref::StoreOp>(a.store).getValueToStore().getType());
    // Low-precision running sums.
    if ((a.kind == "sum" || a.kind == "product") && (elem.isF16() || elem.isBF16()) &&
        isa<arith::AddFOp, arith::MulFOp, math::FmaOp>(a.combine)) {
      double s = 3.0;
      if (ctx.tag("precision:low-precision-accumulation"))
        s += 2.0;
      if (ctx.tag("precision:grows-with-size"))
        s += 0.5;
      std::string t;
      llvm::raw_string_ostream os(t);
      os << elem;
      ctx.add(a.combine, "low-precision-accumulation", s,
              llvm::formatv("the running {0} '{1}' is accumulated in {2}, rounded at every step",
                            a.kind, name, t)
                  .str());
    }
    paddingFallbacks(ctx, a, elem);
    if (!done.insert({a.root.getAsOpaquePointer(), a.kind}).second)
      continue;
    // Seeded once, read for a result in every iteration of a loop around it.
    if (Operation *loop = staleLoop(ctx, a, updateStores)) {
      auto flc = findFileLineCol(loop->getLoc());
      ctx.add(a.store, "stale-accumulator", 3.5,
              llvm::formatv("the running {0} '{1}' is seeded once, before the loop at line {2}, "
                            "but read for a result in every iteration of it: each iteration "
                            "starts from the previous one's total",
                            a.kind, name, flc ? flc->getLine() : 0)
                  .str());
    }
    // Seeds that are not the identity of the combine op. Not a loop's
    // counter (`for (int d = -1; d <= 1; ++d)` kept as a while loop): its
    // start is where it counts from.
    bool counter = llvm::any_of(ctx.mem.readersOf(a.root), [](Operation *r) {
      auto w = r->getParentOfType<scf::WhileOp>();
      return w && w.getBefore().isAncestor(r->getParentRegion());
    });
    for (Operation *w : counter ? std::vector<Operation *>{} : ctx.mem.writersOf(a.root)) {
      auto st = dyn_cast<memref::StoreOp>(w);
      if (!st || updateStores.count(w))
        continue;
      llvm::SmallVector<std::pair<Operation *, double>> leaves;
      constantLeaves(st.getValueToStore(), leaves);
      for (auto [c, v] : leaves) {
        if (isIdentity(a.kind, v, elem))
          continue;
        double s = 4.0;
        if (ctx.magnitude == "zero")
          s += 1.0;
        ctx.add(c, "reduction-identity", s,
                llvm::formatv("the {0} reduction into '{1}' starts from {2}, not the identity "
                              "({3})",
                              a.kind, name, v, identityText(a.kind))
                    .str(),
                w);
        // A seed that is one side of a select or an `if` (the lanes without
        // a value of their own): the constant itself is the edit's site.
        if (isa<arith::ConstantOp>(c) && !c->getUsers().empty() &&
            isa<scf::YieldOp, arith::SelectOp>(*c->getUsers().begin()) && isa<FloatType>(elem))
          ctx.setHint(c, "reduction-identity",
                      llvm::formatv("kind=fconst operand=result with={0}", a.kind == "max" ? "-inf"
                                                                           : a.kind == "min" ? "inf"
                                                                           : a.kind == "sum" ? "0"
                                                                                             : "1")
                          .str(),
                      /*keepFirst=*/true);
      }
    }
  }
}
