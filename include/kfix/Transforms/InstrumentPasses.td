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

def InstrumentRaces : Pass<"kfix-instrument-races", "mlir::gpu::GPUModuleOp"> {
  let summary = "Record shared-memory accesses and global writes for race detection";
  let description = [{
    Inserts a `kfix.access` (read, write or atomic) before every access to
    shared memory (workgroup attributions and the dynamic shared memory view)
    and before every store and atomic update of a kernel-parameter buffer.
    From these records the runtime finds shared-memory conflicts inside one
    barrier interval and global elements written by several threads without
    atomics. Private allocas are never recorded. Vector accesses record one
    element per lane. Run it after `kfix-instrument-bounds{guard=true}` so
    that records sit under the bounds guard.
  }];
  let options = [
    Option<"globalLoads", "global-loads", "bool", /*default=*/"false",
           "Also record loads from kernel-parameter buffers">,
    Option<"inputReads", "input-reads", "bool", /*default=*/"false",
           "Record only the loads of kernel-parameter buffers the kernel never "
           "writes (which input elements it reads), nothing else">
  ];
  let dependentDialects = ["::kfix::KFixDialect", "mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numShared", "shared-records", "Shared-memory accesses recorded">,
    Statistic<"numGlobal", "global-records", "Global-memory accesses recorded">
  ];
}

def InstrumentWrites : Pass<"kfix-instrument-writes", "mlir::gpu::GPUModuleOp"> {
  let summary = "Record every store to a kernel-parameter buffer (write coverage)";
  let description = [{
    Inserts a `kfix.access write` before every store (scalar or vector) to a
    kernel-parameter buffer and a `kfix.access atomic` before every atomic
    update of one, so that the runtime can report output elements never
    written and elements written by more than one thread.
  }];
  let dependentDialects = ["::kfix::KFixDialect", "mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numRecords", "records", "Stores recorded">
  ];
}

def InstrumentNan : Pass<"kfix-instrument-nan", "mlir::gpu::GPUModuleOp"> {
  let summary = "Find the first operation that makes a NaN or Inf from finite operands";
  let description = [{
    After each float-producing arith/math operation (except those that cannot
    create a non-finite value from finite operands: constants, selects, min/max,
    negation, absolute value, rounding), inserts a `kfix.check nan` and a
    `kfix.check inf` that fire when the result is NaN (resp. +-Inf) while every
    float operand is finite. Vector results are checked lane by lane.
  }];
  let dependentDialects = ["::kfix::KFixDialect", "mlir::arith::ArithDialect",
                           "mlir::math::MathDialect", "mlir::vector::VectorDialect"];
  let statistics = [
    Statistic<"numChecks", "checks", "NaN/Inf checks inserted">
  ];
}

def InstrumentOverflow : Pass<"kfix-instrument-overflow", "mlir::gpu::GPUModuleOp"> {
  let summary = "Find signed integer arithmetic that overflows";
  let description = [{
    After each scalar `arith.addi`, `arith.subi` and `arith.muli` that the
    lifter marked `kfix.signed` (a C++ signed operation, whose overflow is
    undefined) and whose type is narrower than 64 bits, recomputes the result
    in 64 bits and inserts a `kfix.check overflow` that fires when the two
    differ, with the operands as details. The typical bug it names: a 32-bit
    index product (`row * ld`) that overflows before it is widened.
  }];
  let dependentDialects = ["::kfix::KFixDialect", "mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numChecks", "checks", "Overflow checks inserted">
  ];
}

def InstrumentCoverage : Pass<"kfix-instrument-coverage", "mlir::gpu::GPUModuleOp"> {
  let summary = "Count branch sides and loop trips";
  let description = [{
    Gives each `scf.if` a site with a `kfix.count` at the top of its then-side
    (counter 0) and of its else-side (counter 1; an empty else-side is
    created), and each `scf.for`/`scf.while` a site counting iterations
    (counter 0, at the top of the body) and entries (counter 1, before the
    loop). The `scf.if` guards created by `kfix-instrument-bounds{guard=true}`
    are not counted.
  }];
  let dependentDialects = ["::kfix::KFixDialect", "mlir::scf::SCFDialect"];
  let statistics = [
    Statistic<"numBranches", "branches", "scf.if sites">,
    Statistic<"numLoops", "loops", "Loop sites">
  ];
}

def InstrumentProbe : Pass<"kfix-instrument-probe", "mlir::gpu::GPUModuleOp"> {
  let summary = "Record the values computed at given source locations";
  let description = [{
    After each operation whose location matches one of the `loc` filters
    ("file:line[:col]", "line[:col]"; see kfix::locMatches), inserts a
    `kfix.probe` of each of its integer, index or float scalar results; a
    store at the location probes the stored value. The tag names the local
    variable (for loads and stores of named allocas) or the operation.
  }];
  let options = [
    ListOption<"locs", "loc", "std::string",
               "Source locations whose values are recorded (file:line[:col])">
  ];
  let dependentDialects = ["::kfix::KFixDialect"];
  let statistics = [
    Statistic<"numProbes", "probes", "Probes inserted">
  ];
}

#endif // KFIX_INSTRUMENT_PASSES_TD
