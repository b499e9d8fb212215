//===- EditReadGuards.cpp - a shared read limited to what the block wrote ---===//
//
// The `readguard` edit of the vocabulary (EditVocabulary.h): a load of a
// shared buffer whose threads read more elements than the block writes (32
// lanes reading the partial sums of 8 warps) keeps its value only where the
// element was written and reads the combine's identity elsewhere:
//
//   float v = part[lane];   ->   float v = lane < (blockDim.x + 31) / 32 ? part[lane] : 0.0f;
//
// The bound is the extent the block's stores cover, read off their index:
// `threadIdx.x` covers blockDim.x elements, `threadIdx.x / K` (or `>> k`)
// covers ceil(blockDim.x / K). with= names the identity (0, 1, -inf, inf).
// The uninit-read model names it where the race detector saw a read of an
// element no thread of the block had written (SuspectShared.cpp).
//
//===----------------------------------------------------------------------===//
#include "EditVocabulary.h"
#include "RepairUtils.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include <cmath>

using namespace mlir;
using namespace kfix;
using namespace kfix::edit;

namespace {

constexpr llvm::StringLiteral kPassArg = "kfix-repair-edit";

/// The buffer a memref value views (`memref.view` of a dynamic shared
/// buffer, casts), or the value itself.
Value bufferOf(Value m) {
  for (int i = 0; i < 8; ++i) {
    Operation *d = m.getDefiningOp();
    if (!d || !isa<memref::ViewOp, memref::SubViewOp, memref::ReinterpretCastOp, memref::CastOp>(d))
      break;
    m = d->getOperand(0);
  }
  return m;
}

/// `v` through casts and a local stored once.
Value throughLocals(Value v) {
  for (int i = 0; i < 4; ++i) {
    v = stripCasts(v);
    memref::AllocaOp a = loadedVar(v);
    if (!a)
      break;
    auto stores = storesTo(a);
    if (stores.size() != 1)
      break;
    v = stores.front().getValueToStore();
  }
  return stripCasts(v);
}

/// How many elements a store index covers over the block: 1 for
/// `threadIdx.x`, K for `threadIdx.x / K` or `threadIdx.x >> k`; 0 when the
/// index is neither.
int64_t coverDivisor(Value idx) {
  Value v = throughLocals(idx);
  if (matchGpuId<gpu::ThreadIdOp>(v) == gpu::Dimension::x)
    return 1;
  Operation *d = v.getDefiningOp();
  if (!d || d->getNumOperands() != 2 ||
      !isa<arith::DivUIOp, arith::DivSIOp, arith::ShRUIOp, arith::ShRSIOp>(d))
    return 0;
  if (matchGpuId<gpu::ThreadIdOp>(throughLocals(d->getOperand(0))) != gpu::Dimension::x)
    return 0;
  std::optional<int64_t> c = getConstInt(d->getOperand(1));
  if (!c || *c <= 0)
    return 0;
  if (isa<arith::ShRUIOp, arith::ShRSIOp>(d))
    return *c < 16 ? int64_t(1) << *c : 0;
  return *c;
}

} // namespace

bool kfix::edit::applyReadGuard(Operation *op, const EditSpec &e, std::string &error) {
  auto load = dyn_cast<memref::LoadOp>(op);
  if (!load || load.getIndices().size() != 1 || !isSharedMemref(bufferOf(load.getMemref()))) {
    error = "readguard needs a load of a one-dimensional shared buffer at " + e.loc;
    return false;
  }
  Type t = load.getType();
  double ident = 0;
  if (e.with.empty() || e.with == "0")
    ident = 0;
  else if (e.with == "1")
    ident = 1;
  else if (e.with == "-inf" || e.with == "inf")
    ident = e.with == "inf" ? INFINITY : -INFINITY;
  else {
    error = "readguard needs with=0|1|-inf|inf, got '" + e.with + "'";
    return false;
  }
  if (std::isinf(ident) && !isa<FloatType>(t)) {
    error = "readguard with=" + e.with + " needs a float load at " + e.loc;
    return false;
  }
  if (!isa<FloatType, IntegerType>(t)) {
    error = "readguard needs a scalar load at " + e.loc;
    return false;
  }
  // The extent the block's stores into the buffer cover: one divisor for all.
  Value buf = bufferOf(load.getMemref());
  int64_t k = 0;
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  bool mixed = false;
  func.walk([&](memref::StoreOp st) {
    if (bufferOf(st.getMemref()) != buf || st.getIndices().size() != 1)
      return;
    int64_t d = coverDivisor(st.getIndices().front());
    if (!d || (k && d != k))
      mixed = true;
    k = d;
  });
  if (mixed || !k) {
    error = "readguard: the stores into the buffer read at " + e.loc +
            " are not indexed by threadIdx.x or threadIdx.x / K";
    return false;
  }
  OpBuilder b(op->getContext());
  b.setInsertionPointAfter(op);
  Location l = op->getLoc();
  SmallVector<Operation *> made;
  Value bound = gpu::BlockDimOp::create(b, l, gpu::Dimension::x);
  made.push_back(bound.getDefiningOp());
  if (k > 1) {
    Value km1 = arith::ConstantIndexOp::create(b, l, k - 1);
    Value kc = arith::ConstantIndexOp::create(b, l, k);
    Value sum = arith::AddIOp::create(b, l, bound, km1);
    bound = arith::DivUIOp::create(b, l, sum, kc);
    for (Value v : {km1, kc, sum, bound})
      made.push_back(v.getDefiningOp());
  }
  Value idx = load.getIndices().front();
  Value cond = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, idx, bound);
  made.push_back(cond.getDefiningOp());
  // The load runs only where the index is covered (C's `c ? a[i] : 0`).
  auto ifOp = scf::IfOp::create(
      b, l, cond,
      [&](OpBuilder &tb, Location tl) {
        Operation *clone = tb.clone(*op);
        markRepaired(clone, kPassArg);
        scf::YieldOp::create(tb, tl, clone->getResults());
      },
      [&](OpBuilder &eb, Location el) {
        Value id = isa<FloatType>(t)
                       ? arith::ConstantOp::create(eb, el, FloatAttr::get(t, ident)).getResult()
                       : arith::ConstantOp::create(eb, el, IntegerAttr::get(t, (int64_t)ident))
                             .getResult();
        scf::YieldOp::create(eb, el, id);
      });
  op->replaceAllUsesWith(ifOp.getResults());
  op->erase();
  made.push_back(ifOp);
  for (Operation *m : made)
    markRepaired(m, kPassArg);
  return true;
}
