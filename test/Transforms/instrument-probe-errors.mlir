// RUN: kfix-opt %s --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(kfix-instrument-probe))'

// expected-error @below {{kfix-instrument-probe needs loc=file:line[:col] (or line[:col])}}
gpu.module @m {
  gpu.func @k(%x: memref<?xf32>) kernel {
    gpu.return
  }
}
