//===- CpuExecutor.cpp - run lifted kernels on the host through the JIT ----===//
//
// compile(): clone the module, keep the one kernel, run `kfix-lower-to-host`
// (lib/Pipelines: every access guarded by a bounds check, `kfix-gpu-to-host`,
// the LLVM dialect) and JIT it with MLIR's ExecutionEngine, the kfix_rt_*
// functions and the half-precision libcalls supplied through its symbol map.
// launch(): lay the arguments out as the packed entry point expects them
// (memrefs as descriptors), then run the blocks one after another.
//
//===----------------------------------------------------------------------===//
#include "CpuRuntime.h"
#include "HalfFloat.h"
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Runtime/CpuRuntimeABI.h"
#include "kfix/Runtime/Executor.h"
#include "kfix/Runtime/ExecutorDump.h"
#include "kfix/Runtime/KernelSource.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <mutex>

using namespace mlir;
using namespace kfix;
using namespace kfix::cpurt;

namespace {

/// One parameter of the entry point after the context.
struct Param {
  enum Kind { KernelBuffer, KernelScalar, StaticShared, DynamicShared } kind;
  Type type;                     ///< memref or scalar type
  int64_t elemBytes = 0;         ///< memrefs
  SmallVector<int64_t, 4> shape; ///< static shared memrefs
  int64_t sharedOffset = 0;      ///< byte offset in the block's shared arena
};

int64_t byteWidth(Type t) { return (t.getIntOrFloatBitWidth() + 7) / 8; }

/// dtype sizes, so that this file needs nothing from Buffer.cpp.
int64_t dtypeBytes(DType t) {
  switch (t) {
  case DType::f64:
  case DType::i64:
  case DType::u64:
    return 8;
  case DType::f32:
  case DType::i32:
  case DType::u32:
    return 4;
  case DType::f16:
  case DType::bf16:
  case DType::i16:
  case DType::u16:
    return 2;
  default:
    return 1;
  }
}

class CpuKernel : public CompiledKernel {
public:
  CpuKernel(std::unique_ptr<ExecutionEngine> engine, PackedEntry entry, bool fibers,
            std::vector<Param> params, int64_t staticShared, int64_t minDynamicShared,
            std::vector<std::string> locs, double ms, std::string name, size_t stackBytes,
            uint64_t codeBytes)
      : stacks(stackBytes), engine(std::move(engine)), entry(entry), fibers(fibers),
        params(std::move(params)), staticShared(staticShared), minDynamicShared(minDynamicShared),
        locs(std::move(locs)), ms(ms), name(std::move(name)), codeBytes(codeBytes) {}

  ExecResult launch(const LaunchConfig &cfg, llvm::MutableArrayRef<KernelArg> args,
                    const ExecOptions &opts) override;
  double compileMs() const override { return ms; }
  /// The JIT's code and data (estimated from the size of the LLVM dialect
  /// module) and the fiber stacks mapped so far.
  uint64_t footprintBytes() const override { return codeBytes + stacks.mappedBytes(); }

private:
  StackPool stacks;
  std::unique_ptr<ExecutionEngine> engine;
  PackedEntry entry;
  bool fibers;
  std::vector<Param> params;
  int64_t staticShared;
  int64_t minDynamicShared;
  std::vector<std::string> locs;
  double ms;
  std::string name;
  uint64_t codeBytes;
};

ExecResult errorResult(std::string message) {
  ExecResult r;
  r.ok = false;
  r.faults.push_back(ExecFault{"error", std::move(message)});
  return r;
}

/// Packed arguments: one 8-byte cell per LLVM-level parameter, and the array
/// of pointers to the cells.
struct PackedArgs {
  std::vector<uint64_t> cells;
  std::vector<void *> ptrs;
  void push(uint64_t v) { cells.push_back(v); }
  void pushPtr(const void *p) { cells.push_back(reinterpret_cast<uintptr_t>(p)); }
  template <typename T> void pushScalar(T v) {
    uint64_t c = 0;
    std::memcpy(&c, &v, sizeof v);
    cells.push_back(c);
  }
  /// A memref descriptor: allocated, aligned, offset, sizes, strides.
  void pushMemRef(void *data, llvm::ArrayRef<int64_t> shape) {
    pushPtr(data);
    pushPtr(data);
    push(0);
    for (int64_t s : shape)
      push(static_cast<uint64_t>(s));
    int64_t stride = 1;
    SmallVector<int64_t, 4> strides(shape.size());
    for (size_t i = shape.size(); i-- > 0;) {
      strides[i] = stride;
      stride *= shape[i];
    }
    for (int64_t s : strides)
      push(static_cast<uint64_t>(s));
  }
  void **finish() {
    ptrs.clear();
    for (uint64_t &c : cells)
      ptrs.push_back(&c);
    return ptrs.data();
  }
};

/// Whether a launch ran to its end, so that timing repetitions make sense:
/// it succeeded, or only reported out-of-bounds accesses (guarded or checked).
static bool ranToCompletion(const ExecResult &r) {
  for (const ExecFault &f : r.faults)
    if (f.kind != "out-of-bounds")
      return false;
  return true;
}

ExecResult CpuKernel::launch(const LaunchConfig &cfg, llvm::MutableArrayRef<KernelArg> args,
                             const ExecOptions &opts) {
  if (opts.timingReps > 0) {
    // The checked launch first; then the repetitions, without events, on the
    // same buffers, which are restored afterwards.
    ExecOptions once = opts;
    once.timingReps = 0;
    ExecResult r = launch(cfg, args, once);
    if (!ranToCompletion(r))
      return r;
    once.sink = nullptr;
    std::vector<std::vector<uint8_t>> saved;
    for (const KernelArg &a : args)
      saved.push_back(a.kind == KernelArg::BufferArg && a.buffer ? a.buffer->data
                                                                 : std::vector<uint8_t>());
    std::vector<double> times;
    for (unsigned i = 0; i < opts.timingReps; ++i) {
      ExecResult t = launch(cfg, args, once);
      if (!ranToCompletion(t)) {
        times.clear();
        break;
      }
      times.push_back(t.runMs);
    }
    for (auto [a, data] : llvm::zip(args, saved))
      if (a.kind == KernelArg::BufferArg && a.buffer)
        a.buffer->data = std::move(data);
    if (!times.empty()) {
      std::sort(times.begin(), times.end());
      size_t n = times.size();
      r.kernelMs = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
      r.kernelMsMin = times.front();
    }
    return r;
  }
  auto start = std::chrono::steady_clock::now();
  size_t numKernelArgs = 0;
  for (const Param &p : params)
    numKernelArgs += p.kind == Param::KernelBuffer || p.kind == Param::KernelScalar;
  if (args.size() != numKernelArgs)
    return errorResult("kernel '" + name + "' takes " + std::to_string(numKernelArgs) +
                       " arguments, " + std::to_string(args.size()) + " given");
  int64_t threadsPerBlock = 1;
  for (int d = 0; d < 3; ++d) {
    if (cfg.grid[d] < 1 || cfg.block[d] < 1 || cfg.grid[d] > INT32_MAX)
      return errorResult("grid and block dimensions must be positive");
    threadsPerBlock *= cfg.block[d];
  }
  if (threadsPerBlock > 1024)
    return errorResult("a block has at most 1024 threads (" + std::to_string(threadsPerBlock) +
                       " requested)");
  if (cfg.sharedBytes < 0)
    return errorResult("sharedBytes must not be negative");

  // The block's shared memory: static buffers, then the dynamic bytes.
  int64_t arenaBytes = staticShared + std::max(cfg.sharedBytes, minDynamicShared);
  std::unique_ptr<uint64_t[]> arenaStorage(new uint64_t[(arenaBytes + 7) / 8 + 2]);
  auto *arena = reinterpret_cast<uint8_t *>(arenaStorage.get());

  PackedArgs packed;
  LaunchState ls(locs, opts, stacks);
  packed.pushPtr(&ls.ctx);
  size_t argIdx = 0;
  for (const Param &p : params) {
    switch (p.kind) {
    case Param::KernelBuffer: {
      KernelArg &a = args[argIdx++];
      if (a.kind == KernelArg::SharedDeviceArg)
        return errorResult("argument " + std::to_string(argIdx - 1) + " of '" + name +
                           "' is GPU memory shared by another process; the CPU executor "
                           "cannot read it (run on the cuda target)");
      if (a.kind != KernelArg::BufferArg || !a.buffer)
        return errorResult("argument " + std::to_string(argIdx - 1) + " of '" + name +
                           "' is a pointer; a buffer is needed");
      if (dtypeBytes(a.buffer->dtype) != p.elemBytes)
        return errorResult("argument " + std::to_string(argIdx - 1) + " of '" + name +
                           "': buffer elements have " +
                           std::to_string(dtypeBytes(a.buffer->dtype)) +
                           " bytes, the kernel expects " + std::to_string(p.elemBytes));
      int64_t n = static_cast<int64_t>(a.buffer->data.size()) / p.elemBytes;
      int64_t rank = cast<MemRefType>(p.type).getRank();
      if (rank == 1) {
        packed.pushMemRef(a.buffer->data.data(), {n});
        break;
      }
      // An N-D parameter (a tensor accessor) takes the buffer's shape.
      const std::vector<int64_t> &shape = a.buffer->shape;
      int64_t numel = 1;
      for (int64_t d : shape)
        numel *= d;
      if (static_cast<int64_t>(shape.size()) != rank || numel != n)
        return errorResult("argument " + std::to_string(argIdx - 1) + " of '" + name + "' is a " +
                           std::to_string(rank) + "-D memref but the buffer has " +
                           std::to_string(shape.size()) + " dimensions");
      packed.pushMemRef(a.buffer->data.data(), shape);
      break;
    }
    case Param::KernelScalar: {
      KernelArg &a = args[argIdx++];
      if (a.kind == KernelArg::BufferArg || a.kind == KernelArg::SharedDeviceArg)
        return errorResult("argument " + std::to_string(argIdx - 1) + " of '" + name +
                           "' is a scalar; a buffer was given");
      double f = a.kind == KernelArg::FloatArg ? a.f : static_cast<double>(a.i);
      int64_t i = a.kind == KernelArg::FloatArg ? static_cast<int64_t>(a.f) : a.i;
      Type t = p.type;
      if (t.isF64())
        packed.pushScalar(f);
      else if (t.isF32())
        packed.pushScalar(static_cast<float>(f));
      else if (t.isF16())
        packed.pushScalar(doubleToHalfBits(f));
      else if (t.isBF16())
        packed.pushScalar(doubleToBFloat16Bits(f));
      else if (t.isInteger(1))
        packed.pushScalar(static_cast<uint8_t>(i != 0));
      else
        packed.pushScalar(i); // little-endian: the low bytes are the narrower value
      break;
    }
    case Param::StaticShared:
      packed.pushMemRef(arena + p.sharedOffset, p.shape);
      break;
    case Param::DynamicShared:
      packed.pushMemRef(arena + staticShared, {cfg.sharedBytes});
      break;
    }
  }
  void **argv = packed.finish();

  for (int d = 0; d < 3; ++d) {
    ls.ctx.blockDim[d] = cfg.block[d];
    ls.ctx.gridDim[d] = cfg.grid[d];
  }
  if (opts.sink) {
    std::array<uint32_t, 3> g, b;
    for (int d = 0; d < 3; ++d) {
      g[d] = static_cast<uint32_t>(cfg.grid[d]);
      b[d] = static_cast<uint32_t>(cfg.block[d]);
    }
    opts.sink->onLaunch(g, b);
  }
  ExecResult r0;
  for (int64_t bz = 0; bz < cfg.grid[2] && !ls.aborted(); ++bz)
    for (int64_t by = 0; by < cfg.grid[1] && !ls.aborted(); ++by)
      for (int64_t bx = 0; bx < cfg.grid[0] && !ls.aborted(); ++bx) {
        ls.ctx.blockId[0] = bx;
        ls.ctx.blockId[1] = by;
        ls.ctx.blockId[2] = bz;
        // Poison (NaN bytes) so that reading uninitialized shared memory shows.
        if (arenaBytes)
          std::memset(arena, 0xFF, arenaBytes);
        ls.runBlock(entry, argv, fibers);
        r0.maxBlockSteps = std::max<uint64_t>(r0.maxBlockSteps, ls.ctx.steps);
      }

  ExecResult r = std::move(r0);
  r.faults = ls.takeFaults();
  r.ok = r.faults.empty();
  r.runMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

class CpuExecutor : public Executor {
public:
  llvm::StringRef name() const override { return "cpu"; }
  std::unique_ptr<CompiledKernel> compile(ModuleOp module, llvm::StringRef kernel,
                                          std::string &error) override;
};

gpu::GPUFuncOp findKernel(ModuleOp module, llvm::StringRef kernel) {
  // The one lookup of Runtime/KernelSource.h (names, symbols, exported instantiations).
  return dyn_cast_or_null<gpu::GPUFuncOp>(kfix::findKernel(module, kernel));
}

/// A memref type without its memory space (kfix-gpu-to-host strips them).
Type stripMemorySpace(Type t) {
  auto mt = dyn_cast<MemRefType>(t);
  if (!mt || !mt.getMemorySpace())
    return t;
  return MemRefType::get(mt.getShape(), mt.getElementType(), mt.getLayout(), Attribute());
}

llvm::orc::SymbolMap runtimeSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap map;
  auto add = [&](llvm::StringRef name, void *addr) {
    map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(addr), llvm::JITSymbolFlags::Exported};
  };
  add("kfix_rt_barrier", reinterpret_cast<void *>(&kfix_rt_barrier));
  add("kfix_rt_syncwarp", reinterpret_cast<void *>(&kfix_rt_syncwarp));
  add("kfix_rt_shuffle", reinterpret_cast<void *>(&kfix_rt_shuffle));
  add("kfix_rt_shuffle_valid", reinterpret_cast<void *>(&kfix_rt_shuffle_valid));
  add("kfix_rt_vote", reinterpret_cast<void *>(&kfix_rt_vote));
  add("kfix_rt_step_budget", reinterpret_cast<void *>(&kfix_rt_step_budget));
  add("kfix_rt_check", reinterpret_cast<void *>(&kfix_rt_check));
  add("kfix_rt_probe", reinterpret_cast<void *>(&kfix_rt_probe));
  add("kfix_rt_count", reinterpret_cast<void *>(&kfix_rt_count));
  add("kfix_rt_access", reinterpret_cast<void *>(&kfix_rt_access));
  for (auto &[name, addr] : halfLibcalls())
    add(name, addr);
  return map;
}

} // namespace

std::unique_ptr<CompiledKernel> CpuExecutor::compile(ModuleOp module, llvm::StringRef kernel,
                                                     std::string &error) {
  auto start = std::chrono::steady_clock::now();
  static std::once_flag initTarget;
  std::call_once(initTarget, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  MLIRContext *ctx = module.getContext();
  gpu::GPUFuncOp original = findKernel(module, kernel);
  if (!original) {
    error = "no kernel named '" + kernel.str() + "' in the module";
    return nullptr;
  }
  std::string diagText;
  llvm::raw_string_ostream diagOs(diagText);
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
    diagOs << diag.getLocation() << ": " << diag << "\n";
    return success();
  });
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  ctx->appendDialectRegistry(registry);

  // Work on a copy holding just this kernel.
  OwningOpRef<ModuleOp> copy(module.clone());
  std::string symName = original.getName().str();
  SmallVector<Operation *> drop;
  copy->walk([&](gpu::GPUFuncOp f) {
    if (f.getName() != symName)
      drop.push_back(f);
  });
  for (Operation *op : drop)
    op->erase();
  // Always guard every access, even if the module was instrumented without.
  copy->walk([](gpu::GPUFuncOp f) { f->removeAttr("kfix.instrumented.bounds"); });
  gpu::GPUFuncOp func = findKernel(*copy, symName);
  unsigned dumpIndex = executorDumpDir() ? nextExecutorDumpIndex() : 0;
  dumpExecutorIR(dumpIndex, symName, "cpu.in.mlir",
                 [&](llvm::raw_ostream &os) { printLikeKFixOpt(*copy, os); });

  // Static-shaped views of the dynamic shared bytes cannot be clamped to
  // LaunchConfig::sharedBytes: pad the arena so they stay inside it.
  int64_t minDynamicShared = 0;
  copy->walk([&](memref::ViewOp view) {
    if (!view.getSource().getDefiningOp<gpu::DynamicSharedMemoryOp>() ||
        !view.getType().hasStaticShape() || !view.getType().getElementType().isIntOrFloat())
      return;
    int64_t end = view.getType().getNumElements() * byteWidth(view.getType().getElementType());
    if (auto c = view.getByteShift().getDefiningOp<arith::ConstantIndexOp>())
      end += c.value();
    else
      end *= 2; // unknown shift: a generous margin
    minDynamicShared = std::max(minDynamicShared, end);
  });

  // Fiber stacks: room for the thread's local arrays on top of the runtime's
  // own frames (and a TraceSink's callbacks).
  int64_t localBytes = 0;
  copy->walk([&](memref::AllocaOp a) {
    auto mt = a.getType();
    if (mt.hasStaticShape() && mt.getElementType().isIntOrFloat())
      localBytes += mt.getNumElements() * byteWidth(mt.getElementType());
    else if (mt.hasStaticShape() && isa<VectorType>(mt.getElementType()))
      localBytes += mt.getNumElements() * 64;
  });
  for (auto t : original.getPrivateAttributions())
    if (auto mt = dyn_cast<MemRefType>(t.getType()); mt && mt.hasStaticShape())
      localBytes += mt.getNumElements() * 16;
  size_t stackBytes = 64 * 1024 + 2 * static_cast<size_t>(localBytes);

  // The entry point's parameters after the context, as kfix-gpu-to-host
  // makes them (CpuRuntimeABI.h): the kernel's arguments, its workgroup
  // buffers, then the dynamic shared bytes when it uses them. Read before the
  // lowering flattens them; reported only after it succeeded (a kernel that
  // does not convert says so first).
  bool usesDynamicShared =
      func.walk([](gpu::DynamicSharedMemoryOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
  std::vector<Param> params;
  std::string paramError;
  unsigned numArgs = func.getNumArguments();
  unsigned numWorkgroup = func.getNumWorkgroupAttributions();
  SmallVector<Type> inputs;
  for (Type t : func.getArgumentTypes())
    inputs.push_back(stripMemorySpace(t));
  for (BlockArgument a : func.getWorkgroupAttributions())
    inputs.push_back(stripMemorySpace(a.getType()));
  if (usesDynamicShared)
    inputs.push_back(MemRefType::get({ShapedType::kDynamic}, IntegerType::get(ctx, 8)));
  int64_t staticShared = 0;
  for (unsigned k = 0; k < inputs.size() && paramError.empty(); ++k) {
    Param p;
    p.type = inputs[k];
    auto mt = dyn_cast<MemRefType>(p.type);
    if (k < numArgs) {
      p.kind = mt ? Param::KernelBuffer : Param::KernelScalar;
      // 1-D (pointers) or, for tensor accessors, N-D with dynamic sizes:
      // the buffer's own shape (docs/ir-conventions.md).
      if (mt && (mt.getRank() < 1 || !mt.getElementType().isIntOrFloat() ||
                 !mt.getLayout().isIdentity() || (mt.getRank() > 1 && mt.hasStaticShape()))) {
        paramError = "kernel '" + kernel.str() + "': parameter " + std::to_string(k) +
                     " must be a 1-D memref of scalars or an N-D one of dynamic sizes "
                     "(docs/ir-conventions.md)";
        break;
      }
      if (!mt && !p.type.isIntOrIndexOrFloat()) {
        paramError = "kernel '" + kernel.str() + "': parameter " + std::to_string(k) +
                     " has a type the CPU executor cannot pass";
        break;
      }
    } else if (k < numArgs + numWorkgroup) {
      p.kind = Param::StaticShared;
      if (!mt || !mt.hasStaticShape() || !mt.getElementType().isIntOrFloat()) {
        paramError = "kernel '" + kernel.str() + "': workgroup buffers need a static shape";
        break;
      }
      p.shape.assign(mt.getShape().begin(), mt.getShape().end());
      staticShared = (staticShared + 15) / 16 * 16;
      p.sharedOffset = staticShared;
      staticShared += mt.getNumElements() * byteWidth(mt.getElementType());
    } else {
      p.kind = Param::DynamicShared;
    }
    if (mt)
      p.elemBytes = byteWidth(mt.getElementType());
    params.push_back(p);
  }
  staticShared = (staticShared + 15) / 16 * 16;

  // The lowering: kfix-lower-to-host, as `kfix-opt --kfix-lower-to-host` runs it.
  PassManager pm(ctx);
  LowerToHostOptions lowering;
  buildLowerToHostPipeline(pm, lowering);
  if (failed(pm.run(*copy))) {
    // kfix-gpu-to-host removes the gpu.modules when it succeeds.
    bool converted = copy->getOps<gpu::GPUModuleOp>().empty();
    if (!converted)
      error = "cannot convert kernel '" + kernel.str() + "' for the CPU executor:\n" + diagText;
    else if (!paramError.empty())
      error = paramError;
    else
      error = "cannot lower kernel '" + kernel.str() + "' to LLVM:\n" + diagText;
    return nullptr;
  }
  dumpExecutorIR(dumpIndex, symName, "cpu.host.mlir",
                 [&](llvm::raw_ostream &os) { printLikeKFixOpt(*copy, os); });

  // The entry point: the block loop, or one thread run as a fiber.
  bool fibers = false;
  std::string entryName = std::string(kBlockEntryPrefix) + symName;
  if (!copy->lookupSymbol<LLVM::LLVMFuncOp>(entryName)) {
    entryName = std::string(kThreadEntryPrefix) + symName;
    fibers = true;
  }
  if (!copy->lookupSymbol<LLVM::LLVMFuncOp>(entryName)) {
    error = "kfix-gpu-to-host made no entry point for '" + kernel.str() + "'";
    return nullptr;
  }
  if (!paramError.empty()) {
    error = paramError;
    return nullptr;
  }
  std::vector<std::string> locs;
  if (auto arr = (*copy)->getAttrOfType<ArrayAttr>(kLocsAttr))
    for (Attribute a : arr)
      locs.push_back(cast<StringAttr>(a).str());
  // What the JIT keeps: a generous estimate per LLVM dialect op.
  uint64_t numOps = 0;
  copy->walk([&](Operation *) { ++numOps; });
  uint64_t codeBytes = (uint64_t(256) << 10) + 256 * numOps;

  auto transformer = makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0, nullptr);
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  options.enableGDBNotificationListener = false;
  options.enablePerfNotificationListener = false;
  auto engine = ExecutionEngine::create(*copy, options);
  if (!engine) {
    error = "cannot JIT kernel '" + kernel.str() + "': " + llvm::toString(engine.takeError());
    return nullptr;
  }
  (*engine)->registerSymbols(runtimeSymbols);
  auto fn = (*engine)->lookupPacked(entryName);
  if (!fn) {
    error = "cannot JIT kernel '" + kernel.str() + "': " + llvm::toString(fn.takeError());
    return nullptr;
  }
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return std::make_unique<CpuKernel>(std::move(*engine), *fn, fibers, std::move(params),
                                     staticShared, minDynamicShared, std::move(locs), ms,
                                     kernel.str(), stackBytes, codeBytes);
}

std::unique_ptr<Executor> kfix::createCpuExecutor() { return std::make_unique<CpuExecutor>(); }
