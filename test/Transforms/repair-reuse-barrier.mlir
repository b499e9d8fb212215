// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-reuse-barrier | FileCheck %s

// The tile is reloaded by the next iteration while slower threads still read
// the current one: the barrier goes at the end of the tile loop.
// __global__ void tiled_sum(const float *x, float *out, int n) {
//   __shared__ float tile[16];
//   int tid = threadIdx.x;
//   float acc = 0.0f;
//   for (int t = 0; t < n; t += 16) {
//     tile[tid] = x[t + tid];
//     __syncthreads();
//     for (int k = 0; k < 16; ++k) acc += tile[k];
//     // missing __syncthreads();
//   }
//   out[tid] = acc;
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @tiled_sum
  gpu.func @tiled_sum(%x: memref<?xf32>, %out: memref<?xf32>, %n: i32)
      workgroup(%tile: memref<16xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "tiled_sum", kfix.arg_names = ["x", "out", "n"],
                  kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.shared_names = ["tile"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    %f0 = arith.constant 0.0 : f32
    %tid = memref.alloca() {kfix.var = "tid"} : memref<i32>
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    memref.store %tx32, %tid[] : memref<i32>
    %acc = memref.alloca() {kfix.var = "acc"} : memref<f32>
    memref.store %f0, %acc[] : memref<f32>
    %t = memref.alloca() {kfix.var = "t"} : memref<i32>
    // CHECK: scf.for
    scf.for %iv = %c0 to %n step %c16 : i32 {
      memref.store %iv, %t[] : memref<i32>
      %0 = memref.load %t[] : memref<i32>
      %1 = memref.load %tid[] : memref<i32>
      %2 = arith.addi %0, %1 : i32
      %3 = arith.index_cast %2 : i32 to index
      %v = memref.load %x[%3] : memref<?xf32>
      %4 = arith.index_cast %1 : i32 to index
      memref.store %v, %tile[%4] : memref<16xf32, #gpu.address_space<workgroup>>
      // CHECK: gpu.barrier
      // CHECK-NOT: kfix.repaired
      gpu.barrier
      %k = memref.alloca() {kfix.var = "k"} : memref<i32>
      // CHECK: scf.for
      scf.for %kv = %c0 to %c16 step %c1 : i32 {
        memref.store %kv, %k[] : memref<i32>
        %5 = memref.load %k[] : memref<i32>
        %6 = arith.index_cast %5 : i32 to index
        %7 = memref.load %tile[%6] : memref<16xf32, #gpu.address_space<workgroup>>
        %8 = memref.load %acc[] : memref<f32>
        %9 = arith.addf %8, %7 : f32
        memref.store %9, %acc[] : memref<f32>
      }
      // CHECK: }
      // CHECK-NEXT: gpu.barrier {kfix.repaired = "kfix-repair-reuse-barrier"}
      // CHECK-NEXT: }
    }
    %10 = memref.load %acc[] : memref<f32>
    %11 = memref.load %tid[] : memref<i32>
    %12 = arith.index_cast %11 : i32 to index
    memref.store %10, %out[%12] : memref<?xf32>
    gpu.return
  }
}

// -----

// Second phase of a pairwise exchange writes over elements its neighbour
// has not read yet.
// __global__ void swap_pairs(float *io) {
//   __shared__ float s[256];
//   int tid = threadIdx.x;
//   s[tid] = io[tid];
//   __syncthreads();
//   float v = s[tid ^ 1];
//   // missing __syncthreads();
//   s[tid] = 2.0f * v;
//   __syncthreads();
//   io[tid] = s[tid ^ 1];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @swap_pairs
  gpu.func @swap_pairs(%io: memref<?xf32>)
      workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "swap_pairs", kfix.arg_names = ["io"], kfix.arg_ctypes = ["float *"],
                  kfix.shared_names = ["s"]} {
    %c1 = arith.constant 1 : i32
    %two = arith.constant 2.0 : f32
    %tid = memref.alloca() {kfix.var = "tid"} : memref<i32>
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    memref.store %tx32, %tid[] : memref<i32>
    %0 = memref.load %tid[] : memref<i32>
    %1 = arith.index_cast %0 : i32 to index
    %a = memref.load %io[%1] : memref<?xf32>
    memref.store %a, %s[%1] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %2 = memref.load %tid[] : memref<i32>
    %3 = arith.xori %2, %c1 : i32
    %4 = arith.index_cast %3 : i32 to index
    %v = memref.load %s[%4] : memref<256xf32, #gpu.address_space<workgroup>>
    %w = arith.mulf %two, %v : f32
    %5 = memref.load %tid[] : memref<i32>
    %6 = arith.index_cast %5 : i32 to index
    // CHECK: arith.mulf
    // CHECK: gpu.barrier {kfix.repaired = "kfix-repair-reuse-barrier"}
    // CHECK-NEXT: memref.store
    // CHECK-NEXT: gpu.barrier
    // CHECK-NOT: kfix.repaired
    memref.store %w, %s[%6] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %7 = memref.load %s[%4] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %7, %io[%6] : memref<?xf32>
    gpu.return
  }
}

// -----

// Reads and later writes of one's own element only: no hazard.
// __global__ void scale_in_place(float *io) {
//   __shared__ float s[256];
//   s[threadIdx.x] = io[threadIdx.x]; float v = s[threadIdx.x];
//   s[threadIdx.x] = 2.0f * v;
//   __syncthreads(); io[threadIdx.x] = s[255 - threadIdx.x];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @own_element
  // CHECK-NOT: kfix.repaired
  // CHECK: gpu.return
  gpu.func @own_element(%io: memref<?xf32>)
      workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "own_element", kfix.arg_names = ["io"], kfix.arg_ctypes = ["float *"],
                  kfix.shared_names = ["s"]} {
    %two = arith.constant 2.0 : f32
    %c255 = arith.constant 255 : i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %0 = arith.index_cast %tx32 : i32 to index
    %a = memref.load %io[%0] : memref<?xf32>
    memref.store %a, %s[%0] : memref<256xf32, #gpu.address_space<workgroup>>
    %v = memref.load %s[%0] : memref<256xf32, #gpu.address_space<workgroup>>
    %w = arith.mulf %two, %v : f32
    memref.store %w, %s[%0] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %1 = arith.subi %c255, %tx32 : i32
    %2 = arith.index_cast %1 : i32 to index
    %r = memref.load %s[%2] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %r, %io[%0] : memref<?xf32>
    gpu.return
  }
}
