//===- Passes.td - kfix conversion passes ------------------*- tablegen -*-===//

#ifndef KFIX_CONVERSION_PASSES_TD
#define KFIX_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def GPUToHost : Pass<"kfix-gpu-to-host", "mlir::ModuleOp"> {
  let summary = "Turn the kernels of a lifted module into host functions for the CPU executor";
  let description = [{
    Moves every `gpu.func ... kernel` of the module's `gpu.module`s out into a
    private `func.func @__kfix_body_<name>(%ctx, %tx, %ty, %tz, %lin, args...,
    workgroup buffers..., [dynamic shared bytes])` with address spaces
    stripped, and adds one public entry point per kernel:
    `@__kfix_block_<name>` (runs all threads of a block in a loop) when the
    kernel has no barrier, shuffle, vote or warp sync, else
    `@__kfix_thread_<name>` (runs the thread the runtime starts, as a fiber).

    Thread, block and grid coordinates come from the context (`%ctx`, see
    include/kfix/Runtime/CpuRuntimeABI.h). `gpu.barrier`, `gpu.shuffle`,
    `nvvm.vote.sync`, `nvvm.bar.warp.sync` and the kfix ops become calls to
    `kfix_rt_*` functions; every `scf.for`/`scf.while` iteration is counted
    against the step budget. Locations of the calls are collected into the
    module attribute `kfix.host_locs` ("file:line:col" strings) that the
    calls index.
  }];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::LLVM::LLVMDialect",
                           "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numKernels", "kernels", "Number of kernels converted">,
    Statistic<"numRuntimeCalls", "runtime-calls", "Number of kfix_rt_* calls created">
  ];
}

def LowerKFixToNVVM : Pass<"kfix-lower-kfix-to-nvvm", "mlir::gpu::GPUModuleOp"> {
  let summary = "Lower kfix ops to atomics and stores into the device trace buffer";
  let description = [{
    Rewrites `kfix.count`, `kfix.check`, `kfix.probe` and `kfix.access` in a
    gpu.module into writes into the trace buffer of
    include/kfix/Runtime/TraceABI.h: the module gets the global
    `__kfix_trace` (a 64-bit address in the global address space, set by the
    host through cuModuleGetGlobal; zero disables tracing) and each op becomes
    a guarded `llvm.atomicrmw` plus `llvm.store`s. Runs before scf-to-cf (it
    emits `scf.if`) and before convert-gpu-to-nvvm (it reads `gpu.thread_id`
    and `gpu.block_id`). A module without kfix ops is left unchanged.
  }];
  let options = [
    Option<"recordAccesses", "record-accesses", "bool", /*default=*/"true",
           "Record kfix.access events (otherwise they are dropped)">
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::gpu::GPUDialect",
                           "mlir::memref::MemRefDialect"];
  let statistics = [
    Statistic<"numLowered", "lowered", "Number of kfix ops lowered">
  ];
}

def LowerSegmentedShuffles : Pass<"kfix-lower-segmented-shuffles", "mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.shuffle ops of a width other than 32 with CUDA's segment semantics";
  let description = [{
    CUDA's `__shfl_*_sync(mask, v, o, width)` with a width below 32 splits the
    warp into segments of `width` lanes, each shuffling on its own
    (`shfl.sync` with the segment mask `(32 - width) << 8` in its `c`
    operand). The upstream NVVM lowering of `gpu.shuffle` reads the width as
    "only the first `width` lanes take part" (member mask `-1 >> (32 -
    width)`, clamp `width - 1`), so a segmented shuffle of a lifted kernel
    would leave every lane past the first segment undefined. This pass turns
    each `gpu.shuffle` whose width is not the constant 32 into
    `nvvm.shfl.sync` with CUDA's operands: the member mask from `kfix.mask`
    (all lanes when absent), `c = ((32 - width) << 8) | clamp` with clamp 0
    for `up` and 31 otherwise. Width-32 shuffles are left to
    convert-gpu-to-nvvm. The CPU executor implements the segment semantics
    itself (kfix_rt_shuffle); this pass is for the NVVM path only.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect",
                           "mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numLowered", "lowered", "Number of segmented shuffles lowered">
  ];
}

def MathFallback : Pass<"kfix-math-fallback", "mlir::gpu::GPUModuleOp"> {
  let summary = "Lower math ops without libdevice";
  let description = [{
    Used by `kfix-lower-to-nvvm` when no libdevice.10.bc is available (or
    `libdevice=none`): expands composite math ops (`tanh`, `powf`, `exp2`,
    hyperbolic functions, ...) and replaces f32/f16/bf16 `exp`, `log`, `erf`,
    `tanh`, `sin`, `cos`, ... by MLIR's polynomial approximations, so that no
    call into libdevice remains. Ops that lower to exact hardware instructions
    (`sqrt`, `rsqrt` as 1/sqrt, `absf`, `fma`, rounding) become
    `llvm.call_intrinsic` (convert-gpu-to-nvvm would make them libdevice calls). Any other math op left (f64 transcendentals) is an
    error that names it: those need libdevice.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::vector::VectorDialect", "mlir::LLVM::LLVMDialect"];
}

def WidenLoopCounters : Pass<"kfix-widen-loop-counters"> {
  let summary = "Give signed 32-bit scf.for loops whose last increment may wrap a 64-bit counter";
  let description = [{
    A lifted `for (int i = a; i < n; i += s)` is an `scf.for` on i32, which
    lowers to a wrapping add: when the last increment passes INT_MAX (a
    grid-stride loop near 2^31 elements) the counter turns negative and the
    loop runs on, where nvcc's code (C leaves signed overflow undefined and
    the compiler assumes none) ends. Each signed `scf.for` on an integer type
    narrower than 64 bits whose step is not the unit (and whose constant bound
    and step cannot overflow) gets an i64 counter with sign-extended bounds and
    step; the body sees the counter truncated to its type. Unsigned loops
    (`unsignedCmp`) are left alone: C defines their wrap. Runs before
    scf-to-cf in the CPU and NVVM pipelines.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numWidened", "widened", "Number of loop counters widened to 64 bits">
  ];
}

#endif // KFIX_CONVERSION_PASSES_TD
