//===- InstrumentPasses.td - kfix instrumentation passes ---*- tablegen -*-===//
//
// Each pass inserts kfix ops that observe a lifted kernel. Passes mark the
// gpu.func they instrumented with a `kfix.instrumented.<what>` unit attribute
// so that running them twice changes nothing.
//
//===----------------------------------------------------------------------===//

#ifndef KFIX_INSTRUMENT_PASSES_TD
#define KFIX_INSTRUMENT_PASSES_TD

include "mlir/Pass/PassBase.td"

def InstrumentBounds : Pass<"kfix-instrument-bounds", "mlir::gpu::GPUModuleOp"> {
  let summary = "Check every memref access against its extent";
  let description = [{
    Before each `memref.load`, `memref.store`, `memref.atomic_rmw` and vector
    load/store, inserts a `kfix.check bounds` of every index against the
    corresponding dimension of the memref. With `guard=true` the access is also
    skipped when out of bounds (loads yield zero), which is what the CPU
    executor needs so that an out-of-bounds access never touches host memory.
  }];
  let options = [
    Option<"guard", "guard", "bool", /*default=*/"false",
           "Also skip out-of-bounds accesses (loads yield zero)">
  ];
  let dependentDialects = ["::kfix::KFixDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect"];
  let statistics = [
    Statistic<"numChecks", "checks", "Number of bounds checks inserted">
  ];
}

#endif // KFIX_INSTRUMENT_PASSES_TD
