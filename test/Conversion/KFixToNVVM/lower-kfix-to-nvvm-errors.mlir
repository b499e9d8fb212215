// RUN: kfix-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(kfix-lower-kfix-to-nvvm))'

gpu.module @taken {
  // expected-error @below {{symbol '__kfix_trace' is taken by an op that is not the trace global}}
  gpu.func @__kfix_trace() { gpu.return }
  gpu.func @k() kernel {
    kfix.count site 0 counter 0
    gpu.return
  }
}

// -----

gpu.module @wrongtype {
  // expected-error @below {{symbol '__kfix_trace' is taken by an op that is not the trace global}}
  llvm.mlir.global external @__kfix_trace(0 : i32) {addr_space = 1 : i32} : i32
  gpu.func @k() kernel {
    kfix.count site 0 counter 0
    gpu.return
  }
}
