// RUN: kfix-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(kfix-repair-access-guard{shape=c[m]}))'
// RUN: not kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-access-guard{shape=c[n}))' 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-access-guard{shape=n[n]}))' 2>&1 | FileCheck %s --check-prefix=NOTBUF
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-access-guard{shape=c[?]}))' | FileCheck %s --check-prefix=UNKNOWN

// SYNTAX: kfix-repair-access-guard: bad shape: unbalanced '['
// NOTBUF: kfix-repair-access-guard: parameter 'n' of @k is not a buffer
// With the only dimension unknown there is nothing to check: no change.
// UNKNOWN-NOT: scf.if

gpu.module @kernels {
  // expected-error @+1 {{kfix-repair-access-guard: bad dimension 'm' of 'c': kernel @k has no integer parameter named 'm'}}
  gpu.func @k(%c: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "k", kfix.arg_names = ["c", "n"], kfix.arg_ctypes = ["float *", "int"]} {
    %tid = gpu.thread_id x
    %t = arith.index_castui %tid : index to i32
    %x = arith.index_cast %t : i32 to index
    %v = arith.constant 1.0 : f32
    memref.store %v, %c[%x] : memref<?xf32>
    gpu.return
  }
}
