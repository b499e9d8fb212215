// RUN: kfix-opt %s --verify-diagnostics --kfix-repair-missing-barrier='loc=repair-missing-barrier-errors-else.mlir:24' | FileCheck %s

// Under `if (tid < 32) { ... } else { ... }`: an if with an else branch is not
// split, so the pass refuses.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @with_else
  // CHECK-NOT: gpu.barrier
  gpu.func @with_else(%io: memref<?xf32>)
      workgroup(%t: memref<32xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "with_else", kfix.arg_names = ["io"], kfix.arg_ctypes = ["float *"],
                  kfix.shared_names = ["t"]} {
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %c32 = arith.constant 32 : i32
    %c31 = arith.constant 31 : i32
    %in = arith.cmpi ult, %tx32, %c32 : i32
    scf.if %in {
      %0 = arith.index_cast %tx32 : i32 to index
      %v = memref.load %io[%0] : memref<?xf32>
      memref.store %v, %t[%0] : memref<32xf32, #gpu.address_space<workgroup>>
      %1 = arith.subi %c31, %tx32 : i32
      %2 = arith.index_cast %1 : i32 to index
      // expected-warning @+1 {{kfix-repair-missing-barrier: not applied: every separating point is in divergent control flow}}
      %r = memref.load %t[%2] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %r, %io[%0] : memref<?xf32>
    } else {
      %z = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      memref.store %z, %io[%c0] : memref<?xf32>
    }
    gpu.return
  }
}
