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

#endif // KFIX_CONVERSION_PASSES_TD
