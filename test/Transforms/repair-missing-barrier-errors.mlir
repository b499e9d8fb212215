// RUN: kfix-opt %s --verify-diagnostics --kfix-repair-missing-barrier='loc=repair-missing-barrier-errors.mlir:29' | FileCheck %s

// Both accesses sit in a loop whose trip count depends on the thread
// (`for (i = tid; i < 32; i += 8)`): a __syncthreads() anywhere in it would
// hang the threads that left the loop, and a loop cannot be split like an if,
// so the pass refuses.
// __global__ void k(float *io) {
//   __shared__ float t[32];
//   for (int i = threadIdx.x; i < 32; i += 8) {
//     t[i] = io[i]; io[i] = t[31 - i];
//   }
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @k
  // CHECK-NOT: gpu.barrier
  gpu.func @k(%io: memref<?xf32>)
      workgroup(%t: memref<32xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "k", kfix.arg_names = ["io"], kfix.arg_ctypes = ["float *"],
                  kfix.shared_names = ["t"]} {
    %tx = gpu.thread_id x
    %c32 = arith.constant 32 : index
    %c31 = arith.constant 31 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %tx to %c32 step %c8 {
      %v = memref.load %io[%i] : memref<?xf32>
      memref.store %v, %t[%i] : memref<32xf32, #gpu.address_space<workgroup>>
      %j = arith.subi %c31, %i : index
      // expected-warning @+1 {{kfix-repair-missing-barrier: not applied: every separating point is in divergent control flow}}
      %r = memref.load %t[%j] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %r, %io[%i] : memref<?xf32>
    }
    gpu.return
  }
}
