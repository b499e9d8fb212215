//===- GPUToHost.cpp - kfix-gpu-to-host: kernels as host functions ---------===//
//
// Rewrites each kernel of a lifted module into a host function that the CPU
// executor JIT-compiles: the thread coordinates become arguments, the block and
// grid come from a context pointer, and everything that needs the other
// threads of a block (barriers, warp collectives) or the outside world (kfix
// trace ops, the step budget) becomes a call into the runtime. The ABI is in
// include/kfix/Runtime/CpuRuntimeABI.h.
//
//===----------------------------------------------------------------------===//
#include "kfix/Conversion/Passes.h"
#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/LiftedIR/LiftedIR.h"
#include "kfix/Runtime/CpuRuntimeABI.h"
#include "kfix/Transforms/Utils.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

namespace kfix {
#define GEN_PASS_DEF_GPUTOHOST
#include "kfix/Conversion/Passes.h.inc"
} // namespace kfix

using namespace mlir;
using namespace kfix;
using namespace kfix::cpurt;

namespace {

/// The values every rewritten op may need: the context and the thread.
struct ThreadValues {
  Value ctx, tid[3], lin;
};

Type stripMemorySpace(Type t) {
  auto mt = dyn_cast<MemRefType>(t);
  if (!mt || !mt.getMemorySpace())
    return t;
  return MemRefType::get(mt.getShape(), mt.getElementType(), mt.getLayout(), Attribute());
}

struct GPUToHostPass : public kfix::impl::GPUToHostBase<GPUToHostPass> {
  using GPUToHostBase::GPUToHostBase;

  void runOnOperation() override;

private:
  LogicalResult convertKernel(gpu::GPUFuncOp func);
  LogicalResult rewriteBody(func::FuncOp body, const ThreadValues &tv, unsigned numArgs,
                            unsigned numWorkgroup, Value dynShared);
  func::FuncOp declare(StringRef name, TypeRange args, TypeRange results);
  Value call(OpBuilder &b, Location loc, StringRef name, ValueRange args, Type result = {});
  int64_t locId(Location loc);
  Value loadSlot(OpBuilder &b, Location loc, Value ctx, int64_t slot);
  void countStep(OpBuilder &b, Location loc, const ThreadValues &tv);

  ModuleOp module;
  std::vector<std::string> locs;
  llvm::StringMap<int64_t> locIds;
};

int64_t GPUToHostPass::locId(Location loc) {
  std::string s = formatLoc(loc);
  auto [it, inserted] = locIds.try_emplace(s, static_cast<int64_t>(locs.size()));
  if (inserted)
    locs.push_back(s);
  return it->second;
}

func::FuncOp GPUToHostPass::declare(StringRef name, TypeRange args, TypeRange results) {
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToEnd(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(), name, b.getFunctionType(args, results));
  f.setPrivate();
  return f;
}

Value GPUToHostPass::call(OpBuilder &b, Location loc, StringRef name, ValueRange args,
                          Type result) {
  SmallVector<Type> results;
  if (result)
    results.push_back(result);
  func::FuncOp f = declare(name, ValueRange(args).getTypes(), results);
  auto c = func::CallOp::create(b, loc, f, args);
  ++numRuntimeCalls;
  return result ? c.getResult(0) : Value();
}

Value GPUToHostPass::loadSlot(OpBuilder &b, Location loc, Value ctx, int64_t slot) {
  Type i64 = b.getI64Type();
  auto ptrTy = LLVM::LLVMPointerType::get(b.getContext());
  Value p = LLVM::GEPOp::create(b, loc, ptrTy, i64, ctx, ArrayRef<LLVM::GEPArg>{slot});
  return LLVM::LoadOp::create(b, loc, i64, p);
}

/// ctx->steps += 1; if (ctx->steps > ctx->stepBudget) kfix_rt_step_budget(...)
void GPUToHostPass::countStep(OpBuilder &b, Location loc, const ThreadValues &tv) {
  Type i64 = b.getI64Type();
  auto ptrTy = LLVM::LLVMPointerType::get(b.getContext());
  Value p =
      LLVM::GEPOp::create(b, loc, ptrTy, i64, tv.ctx, ArrayRef<LLVM::GEPArg>{int64_t(SlotSteps)});
  Value steps = LLVM::LoadOp::create(b, loc, i64, p);
  Value one = arith::ConstantIntOp::create(b, loc, i64, 1);
  Value next = arith::AddIOp::create(b, loc, steps, one);
  LLVM::StoreOp::create(b, loc, next, p);
  Value budget = loadSlot(b, loc, tv.ctx, SlotStepBudget);
  Value over = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, next, budget);
  auto ifOp = scf::IfOp::create(b, loc, over, /*withElse=*/false);
  OpBuilder tb = ifOp.getThenBodyBuilder();
  Value id = arith::ConstantIntOp::create(tb, loc, i64, locId(loc));
  call(tb, loc, "kfix_rt_step_budget", {tv.ctx, tv.lin, id});
}

/// Integer division by zero (and INT_MIN / -1) traps on the host but not on
/// the GPU, where it yields an unspecified value. A kernel must never crash the
/// executor: divide by 1 instead, and give x / 0 = -1 (all ones, what the
/// hardware division returns) and x % 0 = x.
static void makeIntegerDivisionTotal(gpu::GPUFuncOp func) {
  SmallVector<Operation *> divs;
  func.walk([&](Operation *op) {
    if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp, arith::CeilDivSIOp,
            arith::CeilDivUIOp, arith::FloorDivSIOp>(op) &&
        op->getResult(0).getType().isIntOrIndex())
      divs.push_back(op);
  });
  for (Operation *op : divs) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    Type t = rhs.getType();
    auto cst = [&](int64_t v) { return arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, v)); };
    Value zero = cst(0), one = cst(1);
    Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
    Value bad = isZero;
    bool isSigned =
        isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp, arith::FloorDivSIOp>(op);
    if (isSigned) {
      unsigned w = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
      Value minusOne = cst(-1);
      Value minInt =
          arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, llvm::APInt::getSignedMinValue(w)));
      Value overflow = arith::AndIOp::create(
          b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, minusOne),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, minInt));
      bad = arith::OrIOp::create(b, loc, isZero, overflow);
    }
    Value safe = arith::SelectOp::create(b, loc, bad, one, rhs);
    op->setOperand(1, safe);
    b.setInsertionPointAfter(op);
    // INT_MIN / 1 and INT_MIN % 1 already give the wrapped results.
    bool isRem = isa<arith::RemSIOp, arith::RemUIOp>(op);
    Value fallback = isRem ? lhs : Value(cst(-1));
    Value res = op->getResult(0);
    auto sel = arith::SelectOp::create(b, loc, isZero, fallback, res);
    res.replaceAllUsesExcept(sel.getResult(), sel);
  }
}

/// A local read before it is written (`int j = t / j;`, an edit's slip or the
/// kernel's own) is undefined: once the lowering promotes it to a register,
/// LLVM may fold the value away and with it the executor's bounds checks and
/// division guards, and the kernel then crashes the executor instead of
/// failing validation. Every local starts at zero on the CPU executor (on the
/// GPU such a read gives whatever the register held).
static void zeroInitializeLocals(gpu::GPUFuncOp func) {
  SmallVector<memref::AllocaOp> locals;
  func.walk([&](memref::AllocaOp a) {
    MemRefType t = a.getType();
    if (t.hasStaticShape() && !t.getMemorySpace() && t.getNumElements() <= (1 << 16))
      locals.push_back(a);
  });
  for (memref::AllocaOp a : locals) {
    MemRefType t = a.getType();
    Type et = t.getElementType();
    auto zeroAttr = dyn_cast_or_null<TypedAttr>(OpBuilder(a).getZeroAttr(et));
    if (!zeroAttr)
      continue;
    OpBuilder b(a->getContext());
    b.setInsertionPointAfter(a);
    Location loc = a.getLoc();
    Value zero = arith::ConstantOp::create(b, loc, zeroAttr);
    if (t.getRank() == 0) {
      memref::StoreOp::create(b, loc, zero, a.getResult());
      continue;
    }
    // Nested loops over the static shape.
    SmallVector<Value> ivs;
    Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t d : t.getShape()) {
      Value ub = arith::ConstantIndexOp::create(b, loc, d);
      auto loop = scf::ForOp::create(b, loc, c0, ub, c1);
      ivs.push_back(loop.getInductionVar());
      b.setInsertionPointToStart(loop.getBody());
    }
    memref::StoreOp::create(b, loc, zero, a.getResult(), ivs);
  }
}

void GPUToHostPass::runOnOperation() {
  module = getOperation();
  SmallVector<gpu::GPUFuncOp> kernels;
  SmallVector<gpu::GPUModuleOp> gpuModules;
  for (auto gm : module.getOps<gpu::GPUModuleOp>()) {
    gpuModules.push_back(gm);
    for (auto f : gm.getOps<gpu::GPUFuncOp>())
      if (f.isKernel())
        kernels.push_back(f);
  }
  // Keep the locations of an earlier run (a module converted in pieces).
  if (auto old = module->getAttrOfType<ArrayAttr>(kLocsAttr))
    for (Attribute a : old)
      if (auto s = dyn_cast<StringAttr>(a)) {
        locIds.try_emplace(s.getValue(), static_cast<int64_t>(locs.size()));
        locs.push_back(s.str());
      }
  // The lifted-IR table says which ops this pass (with the conversions after
  // it) lowers: one located error for the first kernel op it does not mark
  // HostLowerable.
  for (gpu::GPUFuncOp k : kernels)
    if (Operation *op = firstOpWithout(k, HostLowerable)) {
      op->emitError("cannot lower '")
          << op->getName() << "' to the CPU executor (the lifted-IR table, lib/LiftedIR, "
          << "does not mark it lowerable to host)";
      return signalPassFailure();
    }
  for (gpu::GPUFuncOp k : kernels) {
    zeroInitializeLocals(k);
    makeIntegerDivisionTotal(k);
  }
  for (gpu::GPUFuncOp k : kernels)
    if (failed(convertKernel(k)))
      return signalPassFailure();
  // Globals of the device module (`__constant__` initializers) become the
  // host module's.
  for (auto gm : gpuModules)
    for (auto g : llvm::make_early_inc_range(gm.getOps<memref::GlobalOp>()))
      g->moveBefore(module.getBody(), module.getBody()->end());
  for (auto gm : gpuModules)
    gm.erase();
  module->removeAttr("gpu.container_module");
  SmallVector<Attribute> strs;
  for (const std::string &s : locs)
    strs.push_back(StringAttr::get(&getContext(), s));
  module->setAttr(kLocsAttr, ArrayAttr::get(&getContext(), strs));
}

static bool needsFibers(gpu::GPUFuncOp func) {
  return func
      .walk([](Operation *op) {
        if (isa<gpu::BarrierOp, gpu::ShuffleOp, NVVM::VoteSyncOp, NVVM::SyncWarpOp>(op))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

LogicalResult GPUToHostPass::convertKernel(gpu::GPUFuncOp func) {
  MLIRContext *ctx = &getContext();
  Location loc = func.getLoc();
  OpBuilder b(ctx);
  b.setInsertionPointToEnd(module.getBody());
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  Type indexTy = b.getIndexType(), i64 = b.getI64Type();
  StringRef name = func.getName();
  bool fibers = needsFibers(func);

  unsigned numArgs = func.getNumArguments();
  unsigned numWorkgroup = func.getNumWorkgroupAttributions();
  unsigned numPrivate = func.getNumPrivateAttributions();
  bool usesDynShared = func.walk([](gpu::DynamicSharedMemoryOp) { return WalkResult::interrupt(); })
                           .wasInterrupted();

  // Entry signature: ctx, kernel args, workgroup buffers, dynamic shared bytes.
  SmallVector<Type> entryTypes{ptrTy};
  for (Type t : func.getFunctionType().getInputs())
    entryTypes.push_back(stripMemorySpace(t));
  for (BlockArgument a : func.getWorkgroupAttributions())
    entryTypes.push_back(stripMemorySpace(a.getType()));
  auto dynTy = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  if (usesDynShared)
    entryTypes.push_back(dynTy);
  SmallVector<Type> bodyTypes{ptrTy, indexTy, indexTy, indexTy, i64};
  bodyTypes.append(entryTypes.begin() + 1, entryTypes.end());

  // The body: the kernel's region with the thread arguments in front.
  auto body = func::FuncOp::create(b, loc, (Twine("__kfix_body_") + name).str(),
                                   b.getFunctionType(bodyTypes, {}));
  body.setPrivate();
  body.getBody().takeBody(func.getBody());
  Block &entry = body.getBody().front();
  for (unsigned i = 0; i < 5; ++i)
    entry.insertArgument(i, bodyTypes[i], loc);
  ThreadValues tv{entry.getArgument(0),
                  {entry.getArgument(1), entry.getArgument(2), entry.getArgument(3)},
                  entry.getArgument(4)};
  // Private attributions become allocas of the thread.
  unsigned firstPrivate = 5 + numArgs + numWorkgroup;
  OpBuilder eb = OpBuilder::atBlockBegin(&entry);
  for (unsigned i = 0; i < numPrivate; ++i) {
    BlockArgument a = entry.getArgument(firstPrivate);
    auto mt = cast<MemRefType>(stripMemorySpace(a.getType()));
    Value alloca = memref::AllocaOp::create(eb, a.getLoc(), mt);
    a.replaceAllUsesWith(alloca);
    entry.eraseArgument(firstPrivate);
  }
  Value dynShared;
  if (usesDynShared)
    dynShared = entry.addArgument(dynTy, loc);
  for (unsigned i = 5; i < entry.getNumArguments(); ++i)
    entry.getArgument(i).setType(bodyTypes[i]);
  if (failed(rewriteBody(body, tv, numArgs, numWorkgroup, dynShared)))
    return failure();

  // The entry point.
  b.setInsertionPointToEnd(module.getBody());
  std::string entryName = (Twine(fibers ? kThreadEntryPrefix : kBlockEntryPrefix) + name).str();
  auto entryFn = func::FuncOp::create(b, loc, entryName, b.getFunctionType(entryTypes, {}));
  Block *eblock = entryFn.addEntryBlock();
  OpBuilder fb = OpBuilder::atBlockBegin(eblock);
  Value c = eblock->getArgument(0);
  auto toIndex = [&](Value v) {
    return arith::IndexCastOp::create(fb, loc, indexTy, v).getResult();
  };
  Value bdx = toIndex(loadSlot(fb, loc, c, SlotBlockDim));
  Value bdy = toIndex(loadSlot(fb, loc, c, SlotBlockDim + 1));
  Value bdz = toIndex(loadSlot(fb, loc, c, SlotBlockDim + 2));
  SmallVector<Value> rest(eblock->getArguments().drop_front());
  auto callBody = [&](OpBuilder &cb, Value tx, Value ty, Value tz, Value lin) {
    SmallVector<Value> operands{c, tx, ty, tz, lin};
    operands.append(rest);
    func::CallOp::create(cb, loc, body, operands);
  };
  if (fibers) {
    Value lin = loadSlot(fb, loc, c, SlotStartThread);
    Value linIdx = toIndex(lin);
    Value tx = arith::RemUIOp::create(fb, loc, linIdx, bdx);
    Value q = arith::DivUIOp::create(fb, loc, linIdx, bdx);
    Value ty = arith::RemUIOp::create(fb, loc, q, bdy);
    Value tz = arith::DivUIOp::create(fb, loc, q, bdy);
    callBody(fb, tx, ty, tz, lin);
  } else {
    Value zero = arith::ConstantIndexOp::create(fb, loc, 0);
    Value one = arith::ConstantIndexOp::create(fb, loc, 1);
    auto lz = scf::ForOp::create(fb, loc, zero, bdz, one);
    OpBuilder zb = OpBuilder::atBlockBegin(lz.getBody());
    auto ly = scf::ForOp::create(zb, loc, zero, bdy, one);
    OpBuilder yb = OpBuilder::atBlockBegin(ly.getBody());
    auto lx = scf::ForOp::create(yb, loc, zero, bdx, one);
    OpBuilder xb = OpBuilder::atBlockBegin(lx.getBody());
    Value tz = lz.getInductionVar(), ty = ly.getInductionVar(), tx = lx.getInductionVar();
    Value row = arith::AddIOp::create(xb, loc, arith::MulIOp::create(xb, loc, tz, bdy), ty);
    Value linIdx = arith::AddIOp::create(xb, loc, arith::MulIOp::create(xb, loc, row, bdx), tx);
    Value lin = arith::IndexCastOp::create(xb, loc, i64, linIdx);
    callBody(xb, tx, ty, tz, lin);
  }
  func::ReturnOp::create(fb, loc);
  func.erase();
  ++numKernels;
  return success();
}

/// Which kernel argument (>= 0) or shared buffer (-1 - k) `memref` is, as
/// TraceSink::onAccess numbers them; INT32_MIN for thread-local memory.
static int32_t bufferNumber(Value memref, unsigned numArgs, unsigned numWorkgroup,
                            Value dynShared) {
  while (Operation *def = memref.getDefiningOp()) {
    if (auto view = dyn_cast<memref::ViewOp>(def))
      memref = view.getSource();
    else if (auto cast = dyn_cast<memref::CastOp>(def))
      memref = cast.getSource();
    else if (auto rc = dyn_cast<memref::ReinterpretCastOp>(def))
      memref = rc.getSource();
    else
      break;
  }
  if (memref == dynShared)
    return -1 - static_cast<int32_t>(numWorkgroup);
  auto arg = dyn_cast<BlockArgument>(memref);
  if (!arg || !isa<func::FuncOp>(arg.getOwner()->getParentOp()) || !arg.getOwner()->isEntryBlock())
    return INT32_MIN;
  unsigned n = arg.getArgNumber();
  if (n < 5)
    return INT32_MIN;
  n -= 5;
  if (n < numArgs)
    return static_cast<int32_t>(n);
  if (n < numArgs + numWorkgroup)
    return -1 - static_cast<int32_t>(n - numArgs);
  return INT32_MIN;
}

/// A view of the dynamic shared bytes is sized by the kernel, but only
/// LaunchConfig::sharedBytes exist: clamp its dynamic size to what fits, so the
/// bounds checks (which read the view's size) catch accesses past the end.
static void clampDynamicSharedView(memref::ViewOp view, Value dynShared) {
  if (!dynShared || view.getSource() != dynShared || view.getSizes().size() != 1)
    return;
  auto mt = view.getType();
  if (mt.getRank() != 1 || !mt.getElementType().isIntOrFloat())
    return;
  OpBuilder b(view);
  Location loc = view.getLoc();
  int64_t elemBytes = (mt.getElementType().getIntOrFloatBitWidth() + 7) / 8;
  Value bytes = memref::DimOp::create(b, loc, dynShared, 0);
  Value shift = view.getByteShift();
  Value rest = arith::SubIOp::create(b, loc, arith::MaxUIOp::create(b, loc, bytes, shift), shift);
  Value fits =
      arith::DivUIOp::create(b, loc, rest, arith::ConstantIndexOp::create(b, loc, elemBytes));
  Value size = arith::MinUIOp::create(b, loc, view.getSizes()[0], fits);
  view.getSizesMutable().assign(size);
}

static Value toI64(OpBuilder &b, Location loc, Value v) {
  Type i64 = b.getI64Type();
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i64, v);
  unsigned w = v.getType().getIntOrFloatBitWidth();
  if (w == 64)
    return v;
  if (w == 1)
    return arith::ExtUIOp::create(b, loc, i64, v);
  return arith::ExtSIOp::create(b, loc, i64, v);
}

LogicalResult GPUToHostPass::rewriteBody(func::FuncOp body, const ThreadValues &tv,
                                         unsigned numArgs, unsigned numWorkgroup, Value dynShared) {
  // Address spaces mean nothing on the host.
  body.walk([](Operation *op) {
    for (Value r : op->getResults())
      r.setType(stripMemorySpace(r.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument a : block.getArguments())
          a.setType(stripMemorySpace(a.getType()));
  });

  SmallVector<Operation *> ops;
  body.walk([&](Operation *op) { ops.push_back(op); });
  Type i32 = IntegerType::get(&getContext(), 32);
  Type i64 = IntegerType::get(&getContext(), 64);
  auto cst32 = [&](OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i32, v).getResult();
  };
  auto cst64 = [&](OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i64, v).getResult();
  };
  auto dimIndex = [](gpu::Dimension d) { return static_cast<int64_t>(d); };

  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto replaceWithSlot = [&](int64_t slot) {
      Value v = loadSlot(b, loc, tv.ctx, slot);
      op->getResult(0).replaceAllUsesWith(arith::IndexCastOp::create(b, loc, b.getIndexType(), v));
      op->erase();
    };
    if (auto t = dyn_cast<gpu::ThreadIdOp>(op)) {
      t.replaceAllUsesWith(tv.tid[dimIndex(t.getDimension())]);
      op->erase();
    } else if (auto bi = dyn_cast<gpu::BlockIdOp>(op)) {
      replaceWithSlot(SlotBlockId + dimIndex(bi.getDimension()));
    } else if (auto bd = dyn_cast<gpu::BlockDimOp>(op)) {
      replaceWithSlot(SlotBlockDim + dimIndex(bd.getDimension()));
    } else if (auto gd = dyn_cast<gpu::GridDimOp>(op)) {
      replaceWithSlot(SlotGridDim + dimIndex(gd.getDimension()));
    } else if (isa<gpu::LaneIdOp>(op)) {
      Value lin = arith::IndexCastOp::create(b, loc, b.getIndexType(), tv.lin);
      Value lane = arith::RemUIOp::create(b, loc, lin, arith::ConstantIndexOp::create(b, loc, 32));
      op->getResult(0).replaceAllUsesWith(lane);
      op->erase();
    } else if (isa<gpu::DynamicSharedMemoryOp>(op)) {
      op->getResult(0).replaceAllUsesWith(dynShared);
      op->erase();
    } else if (isa<NVVM::DynamicSmemSize>(op)) {
      // The launch's dynamic shared bytes: the extent of the dynamic buffer.
      if (!dynShared)
        return op->emitError("dynamic shared memory size read without dynamic shared memory");
      Value bytes = memref::DimOp::create(b, loc, dynShared, 0);
      Value v = arith::IndexCastUIOp::create(b, loc, op->getResult(0).getType(), bytes);
      op->getResult(0).replaceAllUsesWith(v);
      op->erase();
    } else if (auto view = dyn_cast<memref::ViewOp>(op)) {
      clampDynamicSharedView(view, dynShared);
    } else if (isa<gpu::BarrierOp>(op)) {
      call(b, loc, "kfix_rt_barrier", {tv.ctx, tv.lin, cst64(b, loc, locId(loc))});
      op->erase();
    } else if (auto sw = dyn_cast<NVVM::SyncWarpOp>(op)) {
      call(b, loc, "kfix_rt_syncwarp", {tv.ctx, tv.lin, sw.getMask(), cst64(b, loc, locId(loc))});
      op->erase();
    } else if (auto sh = dyn_cast<gpu::ShuffleOp>(op)) {
      Type t = sh.getValue().getType();
      if (!t.isIntOrFloat() || t.getIntOrFloatBitWidth() > 64)
        return sh.emitError("the CPU executor shuffles only scalars of up to 64 bits");
      unsigned w = t.getIntOrFloatBitWidth();
      Type it = b.getIntegerType(w);
      Value v = sh.getValue();
      if (isa<FloatType>(t))
        v = arith::BitcastOp::create(b, loc, it, v);
      if (w < 64)
        v = arith::ExtUIOp::create(b, loc, i64, v);
      int64_t mask = -1;
      if (auto m = op->getAttrOfType<IntegerAttr>("kfix.mask"))
        mask = m.getInt();
      Value mode = cst32(b, loc, static_cast<int32_t>(sh.getMode()));
      Value r = call(b, loc, "kfix_rt_shuffle",
                     {tv.ctx, tv.lin, mode, v, sh.getOffset(), sh.getWidth(),
                      cst32(b, loc, static_cast<int32_t>(mask)), cst64(b, loc, locId(loc))},
                     i64);
      if (w < 64)
        r = arith::TruncIOp::create(b, loc, it, r);
      if (isa<FloatType>(t))
        r = arith::BitcastOp::create(b, loc, t, r);
      sh.getShuffleResult().replaceAllUsesWith(r);
      if (!sh.getValid().use_empty()) {
        Value valid = call(b, loc, "kfix_rt_shuffle_valid",
                           {tv.ctx, tv.lin, mode, sh.getOffset(), sh.getWidth()}, i32);
        sh.getValid().replaceAllUsesWith(arith::TruncIOp::create(b, loc, b.getI1Type(), valid));
      }
      op->erase();
    } else if (auto vote = dyn_cast<NVVM::VoteSyncOp>(op)) {
      Value pred = arith::ExtUIOp::create(b, loc, i32, vote.getPred());
      Value r = call(b, loc, "kfix_rt_vote",
                     {tv.ctx, tv.lin, cst32(b, loc, static_cast<int32_t>(vote.getKind())),
                      vote.getMask(), pred, cst64(b, loc, locId(loc))},
                     i32);
      if (!vote.getType().isInteger(32))
        r = arith::TruncIOp::create(b, loc, vote.getType(), r);
      vote.getRes().replaceAllUsesWith(r);
      op->erase();
    } else if (auto check = dyn_cast<CheckOp>(op)) {
      Value bad = arith::XOrIOp::create(b, loc, check.getCond(),
                                        arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
      auto ifOp = scf::IfOp::create(b, loc, bad, /*withElse=*/false);
      OpBuilder tb = ifOp.getThenBodyBuilder();
      auto details = check.getDetails();
      Value d0 = details.size() > 0 ? toI64(tb, loc, details[0]) : cst64(tb, loc, 0);
      Value d1 = details.size() > 1 ? toI64(tb, loc, details[1]) : cst64(tb, loc, 0);
      call(tb, loc, "kfix_rt_check",
           {tv.ctx, tv.lin, cst64(tb, loc, static_cast<int64_t>(check.getSite())),
            cst32(tb, loc, static_cast<int32_t>(check.getKind())), cst64(tb, loc, locId(loc)), d0,
            d1});
      op->erase();
    } else if (auto probe = dyn_cast<ProbeOp>(op)) {
      Value v = probe.getValue();
      Type f64 = b.getF64Type();
      if (auto ft = dyn_cast<FloatType>(v.getType())) {
        if (ft.getWidth() < 64)
          v = arith::ExtFOp::create(b, loc, f64, v);
        else if (ft.getWidth() > 64)
          v = arith::TruncFOp::create(b, loc, f64, v);
      } else {
        v = arith::SIToFPOp::create(b, loc, f64, toI64(b, loc, v));
      }
      call(b, loc, "kfix_rt_probe",
           {tv.ctx, tv.lin, cst64(b, loc, static_cast<int64_t>(probe.getSite())), v});
      op->erase();
    } else if (auto count = dyn_cast<CountOp>(op)) {
      call(b, loc, "kfix_rt_count",
           {tv.ctx, cst64(b, loc, static_cast<int64_t>(count.getSite())),
            cst64(b, loc, static_cast<int64_t>(count.getCounter()))});
      op->erase();
    } else if (auto acc = dyn_cast<AccessOp>(op)) {
      Value mem = acc.getMemref();
      auto indices = acc.getIndices();
      Value linear = cst64(b, loc, 0);
      for (unsigned d = 0; d < indices.size(); ++d) {
        if (d > 0) {
          Value dim = toI64(b, loc, memref::DimOp::create(b, loc, mem, d));
          linear = arith::MulIOp::create(b, loc, linear, dim);
        }
        linear = arith::AddIOp::create(b, loc, linear, toI64(b, loc, indices[d]));
      }
      int32_t buf = bufferNumber(mem, numArgs, numWorkgroup, dynShared);
      call(b, loc, "kfix_rt_access",
           {tv.ctx, tv.lin, cst64(b, loc, static_cast<int64_t>(acc.getSite())),
            cst32(b, loc, static_cast<int32_t>(acc.getKind())), cst32(b, loc, buf), linear});
      op->erase();
    } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      OpBuilder lb = OpBuilder::atBlockBegin(forOp.getBody());
      countStep(lb, loc, tv);
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      OpBuilder lb = OpBuilder::atBlockBegin(whileOp.getAfterBody());
      countStep(lb, loc, tv);
    } else if (isa<gpu::ReturnOp>(op)) {
      func::ReturnOp::create(b, loc);
      op->erase();
    } else if (op->getDialect() && isa<gpu::GPUDialect, NVVM::NVVMDialect>(op->getDialect())) {
      return op->emitError("'") << op->getName() << "' is not supported by the CPU executor";
    }
  }
  return success();
}

} // namespace
