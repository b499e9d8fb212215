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

#endif // KFIX_REPAIR_PASSES_TD
