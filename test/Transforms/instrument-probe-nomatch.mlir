// RUN: kfix-opt %s --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(kfix-instrument-probe{loc=k.cu:99}))' | FileCheck %s

// Nothing at the location: a warning, and no probe.
// expected-warning @below {{kfix-instrument-probe: no value is computed at k.cu:99}}
gpu.module @m {
  // CHECK-LABEL: gpu.func @k
  // CHECK-NOT: kfix.probe
  // CHECK: gpu.return
  gpu.func @k(%x: memref<?xf32>) kernel {
    %i = gpu.thread_id x
    %v = memref.load %x[%i] : memref<?xf32>
    gpu.return
  }
}
