// RUN: kfix-opt %s --verify-diagnostics --kfix-repair-missing-barrier='loc=repair-missing-barrier-errors.mlir:30' | FileCheck %s

// Both accesses sit under `if (tid < 32)`: a __syncthreads() there would hang
// the other warps, so the pass refuses.
// __global__ void k(float *io) {
//   __shared__ float t[32];
//   if (threadIdx.x < 32) {
//     t[threadIdx.x] = io[threadIdx.x]; io[threadIdx.x] = t[31 - threadIdx.x];
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
    }
    gpu.return
  }
}
