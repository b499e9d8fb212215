//===- Passes.td - passes over the lifted-IR contract ------*- tablegen -*-===//

#ifndef KFIX_LIFTEDIR_PASSES_TD
#define KFIX_LIFTEDIR_PASSES_TD

include "mlir/Pass/PassBase.td"

def VerifyLifted : Pass<"kfix-verify-lifted", "mlir::ModuleOp"> {
  let summary = "Check that a module keeps to the lifted-IR contract (LiftedIR.h's op table)";
  let description = [{
    Fails with an error at the op's location for every op that the op table of
    include/kfix/LiftedIR/LiftedIR.h does not list, and for every listed op in a
    place the table does not allow it (a kernel-body op outside a kernel, a
    structural op inside one). The consumers of the lifted IR (the lifter's
    output, the exporter, `kfix-lower-to-host`, the integrity gate) run the same
    check when `kfix::verifyLiftedEnabled()` says so (KFIX_VERIFY_LIFTED).
  }];
}

#endif
