//===- RepairPasses.td - kfix repair passes ----------------*- tablegen -*-===//
//
// One pass per bug family. Every repair pass takes options that aim it at a
// site (`loc` = "file:line[:col]" of the source construct, empty = every site
// where the pattern applies) and does nothing where its pattern does not
// match. A pass that changed the IR marks the changed ops with
// `kfix.repaired = "<pass-argument>"` so that reports can show the diff.
//
//===----------------------------------------------------------------------===//

#ifndef KFIX_REPAIR_PASSES_TD
#define KFIX_REPAIR_PASSES_TD

include "mlir/Pass/PassBase.td"

class KFix_RepairPass<string name> : Pass<name, "mlir::gpu::GPUModuleOp"> {
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect", "mlir::gpu::GPUDialect"];
}

// Every repair pass takes `loc`; this keeps its spelling in one place.
defvar KFix_LocOption = Option<"loc", "loc", "std::string", /*default=*/"\"\"",
    "Site filter \"file:line[:col]\" (or \"line\"); empty = every site that matches">;

def RepairBoundsGuard : KFix_RepairPass<"kfix-repair-bounds-guard"> {
  let summary = "Guard the global accesses of an elementwise body by `idx < n`";
  let description = [{
    Matches a kernel whose global stores all use one index expression `idx`
    (the C index, before `index_cast`) and are not already under an `scf.if`,
    and wraps everything from the first global access to the end of the
    kernel in `scf.if (idx < n)`. `n` is the `bound` argument (a kernel
    parameter by its C name) or, when not given, the one integer parameter
    that the kernel compares anywhere, or the one named like a size (`n`,
    `N`, `size`, `numel`, `count`, `len`, `length`, `total`). The pass refuses
    (a warning, no change) when the guarded range holds a barrier, a warp
    shuffle or a vote (a guard would make them divergent), or when no bound
    is found. `loc` selects kernels by the location of one of their global
    accesses.
  }];
  let options = [
    KFix_LocOption,
    Option<"bound", "bound", "std::string", /*default=*/"\"\"",
           "C name of the kernel parameter that bounds the index">
  ];
  let statistics = [Statistic<"numRewrites", "rewrites", "Number of guards inserted">];
}

#endif // KFIX_REPAIR_PASSES_TD
