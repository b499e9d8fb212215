//===- KFixDialect.td - the kfix instrumentation dialect ---*- tablegen -*-===//
//
// Observer ops that instrumentation passes insert into lifted kernels. They
// lower to runtime calls on the CPU executor and to writes into a device-side
// trace buffer on the GPU (include/kfix/Runtime/TraceABI.h).
//
//===----------------------------------------------------------------------===//

#ifndef KFIX_DIALECT_TD
#define KFIX_DIALECT_TD

include "mlir/IR/OpBase.td"

def KFix_Dialect : Dialect {
  let name = "kfix";
  let summary = "Instrumentation ops for debugging near-miss GPU kernels";
  let description = [{
    The `kfix` dialect holds observer ops: they record values, violated
    conditions, memory accesses and coverage counts without changing what the
    kernel computes. Each op carries a `site` number that is unique within its
    module and the source location it observes; the runtime maps findings back
    to `file:line:col` through the op's location.
  }];
  let cppNamespace = "::kfix";
  let useDefaultAttributePrinterParser = 1;
}

#endif // KFIX_DIALECT_TD
