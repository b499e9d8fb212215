//===- LowerKFixToNVVM.cpp - kfix ops to trace-buffer writes --------------===//
//
// Each kfix op becomes a few loads of the trace buffer's layout fields, an
// atomic add and plain stores, guarded by `__kfix_trace != 0`. The layout is
// include/kfix/Runtime/TraceABI.h; the executor in lib/Runtime/Cuda decodes it.
//
//===----------------------------------------------------------------------===//
#include "kfix/Conversion/Passes.h"
#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/Runtime/TraceABI.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace kfix {
#define GEN_PASS_DEF_LOWERKFIXTONVVM
#include "kfix/Conversion/Passes.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;

namespace {

/// Emits the IR of one lowered op. All addresses are `!llvm.ptr<1>` (global),
/// so the NVPTX backend selects `atom.global` / `st.global`.
class TraceBuilder {
public:
  TraceBuilder(OpBuilder &b, Location loc, LLVM::GlobalOp global)
      : b(b), loc(loc), global(global), ctx(b.getContext()),
        ptrTy(LLVM::LLVMPointerType::get(ctx, 1)), i32(b.getI32Type()), i64(b.getI64Type()) {}

  Value c64(int64_t v) { return arith::ConstantIntOp::create(b, loc, i64, v); }
  Value c32(int64_t v) { return arith::ConstantIntOp::create(b, loc, i32, v); }

  /// The buffer address as an integer (zero: tracing off).
  Value loadBase() {
    Value addr = LLVM::AddressOfOp::create(b, loc, global);
    return LLVM::LoadOp::create(b, loc, i64, addr, /*alignment=*/8);
  }
  Value isOn(Value base) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, base, c64(0));
  }
  Value ptrAt(Value base, Value byteOffset) {
    Value sum = arith::AddIOp::create(b, loc, base, byteOffset);
    return LLVM::IntToPtrOp::create(b, loc, ptrTy, sum);
  }
  Value load(Type t, Value base, int64_t off) {
    return LLVM::LoadOp::create(b, loc, t, ptrAt(base, c64(off)), t.getIntOrFloatBitWidth() / 8);
  }
  Value loadU32As64(Value base, int64_t off) {
    return arith::ExtUIOp::create(b, loc, i64, load(i32, base, off));
  }
  void store(Value v, Value base, Value off) {
    LLVM::StoreOp::create(b, loc, v, ptrAt(base, off), v.getType().getIntOrFloatBitWidth() / 8);
  }
  void store(Value v, Value rec, int64_t off) { store(v, rec, c64(off)); }
  Value atomicAdd(Value base, Value off) {
    return LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add, ptrAt(base, off), c64(1),
                                     LLVM::AtomicOrdering::monotonic);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value ult(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }

  /// threadIdx.{x,y,z} then blockIdx.{x,y,z} stored as u32 at rec+tidOff, rec+bidOff.
  void storeCoords(Value rec, int64_t tidOff, int64_t bidOff) {
    const gpu::Dimension dims[] = {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z};
    for (int d = 0; d < 3; ++d) {
      Value t = gpu::ThreadIdOp::create(b, loc, dims[d]);
      store(arith::IndexCastUIOp::create(b, loc, i32, t), rec, tidOff + 4 * d);
      Value bl = gpu::BlockIdOp::create(b, loc, dims[d]);
      store(arith::IndexCastUIOp::create(b, loc, i32, bl), rec, bidOff + 4 * d);
    }
  }

  /// Any integer or index value as i64 (sign-extended; i1 zero-extended).
  Value toI64(Value v) {
    Type t = v.getType();
    if (t.isIndex())
      return arith::IndexCastOp::create(b, loc, i64, v);
    unsigned w = t.getIntOrFloatBitWidth();
    if (w == 64)
      return v;
    if (w == 1)
      return arith::ExtUIOp::create(b, loc, i64, v);
    if (w < 64)
      return arith::ExtSIOp::create(b, loc, i64, v);
    return arith::TruncIOp::create(b, loc, i64, v);
  }

  /// Any probe value as f64.
  Value toF64(Value v) {
    Type t = v.getType();
    Type f64 = b.getF64Type();
    if (t == f64)
      return v;
    if (isa<FloatType>(t)) {
      if (t.getIntOrFloatBitWidth() < 64)
        return arith::ExtFOp::create(b, loc, f64, v);
      return arith::TruncFOp::create(b, loc, f64, v);
    }
    if (t.isInteger(1))
      return arith::UIToFPOp::create(b, loc, f64, v);
    return arith::SIToFPOp::create(b, loc, f64, toI64(v));
  }

  /// `scf.if cond { body }` with the builder left after it.
  template <typename Fn> void ifThen(Value cond, Fn body) {
    auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    body();
  }
  template <typename Fn, typename Gn> void ifThenElse(Value cond, Fn thenBody, Gn elseBody) {
    auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    thenBody();
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    elseBody();
  }

  OpBuilder &b;
  Location loc;
  LLVM::GlobalOp global;
  MLIRContext *ctx;
  Type ptrTy, i32, i64;
};

void lowerCount(CountOp op, TraceBuilder &tb) {
  int64_t site = op.getSite(), counter = op.getCounter();
  Value base = tb.loadBase();
  tb.ifThen(tb.isOn(base), [&] {
    Value numSites = tb.loadU32As64(base, KFIX_TRACE_HDR_NUM_SITES);
    Value perSite = tb.loadU32As64(base, KFIX_TRACE_HDR_COUNTERS_PER_SITE);
    Value siteV = tb.c64(site), counterV = tb.c64(counter);
    Value ok =
        arith::AndIOp::create(tb.b, tb.loc, tb.ult(siteV, numSites), tb.ult(counterV, perSite));
    Value counters = tb.load(tb.i64, base, KFIX_TRACE_HDR_COUNTERS_OFFSET);
    Value slot = tb.add(tb.mul(siteV, perSite), counterV);
    Value off = tb.add(counters, tb.mul(slot, tb.c64(8)));
    Value where = arith::SelectOp::create(tb.b, tb.loc, ok, off, tb.c64(KFIX_TRACE_HDR_DROPPED));
    tb.atomicAdd(base, where);
  });
}

void lowerCheck(CheckOp op, TraceBuilder &tb) {
  int64_t site = op.getSite();
  Value failed = arith::XOrIOp::create(
      tb.b, tb.loc, op.getCond(), arith::ConstantIntOp::create(tb.b, tb.loc, tb.b.getI1Type(), 1));
  SmallVector<Value> details(op.getDetails().begin(), op.getDetails().end());
  tb.ifThen(failed, [&] {
    Value base = tb.loadBase();
    tb.ifThen(tb.isOn(base), [&] {
      Value numSites = tb.loadU32As64(base, KFIX_TRACE_HDR_NUM_SITES);
      tb.ifThenElse(
          tb.ult(tb.c64(site), numSites),
          [&] {
            Value checks = tb.load(tb.i64, base, KFIX_TRACE_HDR_CHECKS_OFFSET);
            Value rec = tb.add(base, tb.add(checks, tb.c64(site * KFIX_TRACE_CHECK_SIZE)));
            Value old = tb.atomicAdd(rec, tb.c64(KFIX_TRACE_CHECK_VIOLATIONS));
            Value first =
                arith::CmpIOp::create(tb.b, tb.loc, arith::CmpIPredicate::eq, old, tb.c64(0));
            tb.ifThen(first, [&] {
              tb.store(tb.c32(static_cast<int32_t>(op.getKind())), rec, KFIX_TRACE_CHECK_KIND);
              tb.storeCoords(rec, KFIX_TRACE_CHECK_TID, KFIX_TRACE_CHECK_BID);
              Value d0 = details.size() > 0 ? tb.toI64(details[0]) : tb.c64(0);
              Value d1 = details.size() > 1 ? tb.toI64(details[1]) : tb.c64(0);
              tb.store(d0, rec, KFIX_TRACE_CHECK_D0);
              tb.store(d1, rec, KFIX_TRACE_CHECK_D1);
            });
          },
          [&] { tb.atomicAdd(base, tb.c64(KFIX_TRACE_HDR_DROPPED)); });
    });
  });
}

/// Reserves record `i` of a bounded array and, when it fits, calls fill(rec).
template <typename Fn>
void appendRecord(TraceBuilder &tb, int64_t countOff, int64_t capOff, int64_t arrayOff,
                  int64_t size, Fn fill) {
  Value base = tb.loadBase();
  tb.ifThen(tb.isOn(base), [&] {
    Value i = tb.atomicAdd(base, tb.c64(countOff));
    Value cap = tb.loadU32As64(base, capOff);
    tb.ifThen(tb.ult(i, cap), [&] {
      Value array = tb.load(tb.i64, base, arrayOff);
      Value rec = tb.add(base, tb.add(array, tb.mul(i, tb.c64(size))));
      fill(rec);
    });
  });
}

void lowerProbe(ProbeOp op, TraceBuilder &tb) {
  Value value = tb.toF64(op.getValue());
  appendRecord(tb, KFIX_TRACE_HDR_PROBE_COUNT, KFIX_TRACE_HDR_PROBE_CAPACITY,
               KFIX_TRACE_HDR_PROBES_OFFSET, KFIX_TRACE_PROBE_SIZE, [&](Value rec) {
                 tb.store(tb.c64(op.getSite()), rec, KFIX_TRACE_PROBE_SITE);
                 tb.storeCoords(rec, KFIX_TRACE_PROBE_TID, KFIX_TRACE_PROBE_BID);
                 tb.store(value, rec, KFIX_TRACE_PROBE_VALUE);
               });
}

/// The TraceSink buffer number of a memref: kernel argument index, -1 - k for
/// workgroup attribution k, -1 - #attributions for dynamic shared memory.
std::optional<int32_t> bufferNumber(Value memref, gpu::GPUFuncOp func) {
  if (auto arg = dyn_cast<BlockArgument>(memref)) {
    if (arg.getOwner() != &func.getBody().front())
      return std::nullopt;
    unsigned n = arg.getArgNumber();
    if (n < func.getNumArguments())
      return static_cast<int32_t>(n);
    unsigned k = n - func.getNumArguments();
    if (k < func.getNumWorkgroupAttributions())
      return -1 - static_cast<int32_t>(k);
    return std::nullopt;
  }
  if (auto view = memref.getDefiningOp<memref::ViewOp>())
    if (view.getSource().getDefiningOp<gpu::DynamicSharedMemoryOp>())
      return -1 - static_cast<int32_t>(func.getNumWorkgroupAttributions());
  return std::nullopt;
}

bool lowerAccess(AccessOp op, TraceBuilder &tb, Value epochSlot) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  std::optional<int32_t> arg = func ? bufferNumber(op.getMemref(), func) : std::nullopt;
  if (!arg)
    return false;
  // Row-major linear index from the indices and the (maybe dynamic) sizes.
  Value memref = op.getMemref();
  Value linear = tb.c64(0);
  for (auto [d, idx] : llvm::enumerate(op.getIndices())) {
    Value dim = memref::DimOp::create(tb.b, tb.loc, memref, d);
    linear = tb.add(tb.mul(linear, tb.toI64(dim)), tb.toI64(idx));
  }
  appendRecord(tb, KFIX_TRACE_HDR_ACCESS_COUNT, KFIX_TRACE_HDR_ACCESS_CAPACITY,
               KFIX_TRACE_HDR_ACCESSES_OFFSET, KFIX_TRACE_ACCESS_SIZE, [&](Value rec) {
                 tb.store(tb.c32(op.getSite()), rec, KFIX_TRACE_ACCESS_SITE);
                 Value epoch = epochSlot ? LLVM::LoadOp::create(tb.b, tb.loc, tb.b.getI32Type(),
                                                                epochSlot, /*alignment=*/4)
                                         : tb.c32(0);
                 tb.store(epoch, rec, KFIX_TRACE_ACCESS_EPOCH);
                 tb.store(linear, rec, KFIX_TRACE_ACCESS_LINEAR);
                 tb.store(tb.c32(*arg), rec, KFIX_TRACE_ACCESS_ARG);
                 tb.store(tb.c32(static_cast<int32_t>(op.getKind())), rec, KFIX_TRACE_ACCESS_KIND);
                 tb.storeCoords(rec, KFIX_TRACE_ACCESS_TID, KFIX_TRACE_ACCESS_BID);
               });
  return true;
}

struct LowerKFixToNVVMPass : public kfix::impl::LowerKFixToNVVMBase<LowerKFixToNVVMPass> {
  using LowerKFixToNVVMBase::LowerKFixToNVVMBase;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<CountOp, CheckOp, ProbeOp, AccessOp>(op))
        ops.push_back(op);
    });
    if (ops.empty())
      return;

    LLVM::GlobalOp global = getOrCreateGlobal(module);
    if (!global)
      return signalPassFailure();
    llvm::DenseMap<Operation *, Value> epochSlots;
    if (recordAccesses)
      countBarriers(ops, epochSlots);
    for (Operation *op : ops) {
      OpBuilder b(op);
      TraceBuilder tb(b, op->getLoc(), global);
      if (auto count = dyn_cast<CountOp>(op))
        lowerCount(count, tb);
      else if (auto check = dyn_cast<CheckOp>(op))
        lowerCheck(check, tb);
      else if (auto probe = dyn_cast<ProbeOp>(op))
        lowerProbe(probe, tb);
      else if (auto access = dyn_cast<AccessOp>(op); access && recordAccesses)
        lowerAccess(access, tb, epochSlots.lookup(access->getParentOfType<gpu::GPUFuncOp>()));
      op->erase();
      ++numLowered;
    }
  }

  /// A per-thread barrier counter in each kernel that records accesses: an
  /// i32 stack slot set to 0 on entry and incremented after every
  /// gpu.barrier (the backend keeps it in a register). Access records carry
  /// its value, the thread's barrier interval.
  void countBarriers(ArrayRef<Operation *> ops, llvm::DenseMap<Operation *, Value> &slots) {
    for (Operation *op : ops) {
      auto func = isa<AccessOp>(op) ? op->getParentOfType<gpu::GPUFuncOp>() : nullptr;
      if (!func || slots.count(func))
        continue;
      MLIRContext *ctx = func.getContext();
      Location loc = func.getLoc();
      Type i32 = IntegerType::get(ctx, 32);
      OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
      Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
      Value slot = LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(ctx), i32, one,
                                          /*alignment=*/4);
      LLVM::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, i32, 0).getResult(), slot,
                            /*alignment=*/4);
      func.walk([&](gpu::BarrierOp barrier) {
        OpBuilder after(barrier);
        after.setInsertionPointAfter(barrier);
        Location bl = barrier.getLoc();
        Value n = LLVM::LoadOp::create(after, bl, i32, slot, /*alignment=*/4);
        Value inc =
            arith::AddIOp::create(after, bl, n, arith::ConstantIntOp::create(after, bl, i32, 1));
        LLVM::StoreOp::create(after, bl, inc, slot, /*alignment=*/4);
      });
      slots[func] = slot;
    }
  }

  LLVM::GlobalOp getOrCreateGlobal(gpu::GPUModuleOp module) {
    if (Operation *existing = module.lookupSymbol(KFIX_TRACE_GLOBAL)) {
      auto global = dyn_cast<LLVM::GlobalOp>(existing);
      if (global && global.getAddrSpace() == 1 && global.getGlobalType().isInteger(64))
        return global;
      existing->emitError() << "symbol '" << KFIX_TRACE_GLOBAL
                            << "' is taken by an op that is not the trace global (an i64 "
                               "llvm.mlir.global in address space 1)";
      return {};
    }
    OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
    return LLVM::GlobalOp::create(b, module.getLoc(), b.getI64Type(), /*isConstant=*/false,
                                  LLVM::Linkage::External, KFIX_TRACE_GLOBAL,
                                  b.getI64IntegerAttr(0), /*alignment=*/8, /*addrSpace=*/1);
  }
};

} // namespace
