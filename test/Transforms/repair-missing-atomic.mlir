// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-missing-atomic | FileCheck %s

// __global__ void block_partial_sum(const float *x, float *out) {
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   out[blockIdx.x] += x[i];         // every thread of the block, no atomic
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @block_partial_sum
  gpu.func @block_partial_sum(%x: memref<?xf32>, %out: memref<?xf32>) kernel
      attributes {kfix.name = "block_partial_sum", kfix.arg_names = ["x", "out"],
                  kfix.arg_ctypes = ["const float *", "float *"]} {
    %bx = gpu.block_id x
    %bx32 = arith.index_castui %bx : index to i32
    %bd = gpu.block_dim x
    %bd32 = arith.index_castui %bd : index to i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %0 = arith.muli %bx32, %bd32 : i32
    %1 = arith.addi %0, %tx32 : i32
    %2 = arith.index_cast %1 : i32 to index
    %v = memref.load %x[%2] : memref<?xf32>
    %3 = arith.index_cast %bx32 : i32 to index
    %old = memref.load %out[%3] : memref<?xf32>
    %new = arith.addf %old, %v : f32
    // CHECK: memref.atomic_rmw addf %[[V:.*]], %arg1[%{{.*}}] {kfix.repaired = "kfix-repair-missing-atomic"} : (f32, memref<?xf32>) -> f32
    // CHECK-NOT: memref.store
    // CHECK: gpu.return
    memref.store %new, %out[%3] : memref<?xf32>
    gpu.return
  }
}

// -----

// One element per thread, and a single writer under `if (tid == 0)`: no race.
// __global__ void fine(float *acc, float *out, float s) {
//   acc[threadIdx.x] += s;
//   if (threadIdx.x == 0) out[blockIdx.x] += s;
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @fine
  // CHECK-NOT: atomic_rmw
  // CHECK: gpu.return
  gpu.func @fine(%acc: memref<?xf32>, %out: memref<?xf32>, %s: f32) kernel
      attributes {kfix.name = "fine", kfix.arg_names = ["acc", "out", "s"],
                  kfix.arg_ctypes = ["float *", "float *", "float"]} {
    %c0 = arith.constant 0 : i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %0 = arith.index_cast %tx32 : i32 to index
    %a = memref.load %acc[%0] : memref<?xf32>
    %b = arith.addf %a, %s : f32
    memref.store %b, %acc[%0] : memref<?xf32>
    %first = arith.cmpi eq, %tx32, %c0 : i32
    scf.if %first {
      %bx = gpu.block_id x
      %o = memref.load %out[%bx] : memref<?xf32>
      %n = arith.addf %o, %s : f32
      memref.store %n, %out[%bx] : memref<?xf32>
    }
    gpu.return
  }
}
