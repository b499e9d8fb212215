//===- Passes.td - kfix conversion passes ------------------*- tablegen -*-===//

#ifndef KFIX_CONVERSION_PASSES_TD
#define KFIX_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

#endif // KFIX_CONVERSION_PASSES_TD
