// RUN: kfix-opt --verify-each --kfix-repair-reuse-barrier %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void tiled_sum(const float* a, float* out, int n) {
//   __shared__ float tile[128];
//   int t = threadIdx.x;
//   float acc = 0.0f;
//   for (int k = 0; k < n; k += 128) {
//     tile[t] = a[blockIdx.x * n + k + t];
//     __syncthreads();
//     for (int j = 0; j < 128; ++j) acc += tile[j];
//   }
//   out[blockIdx.x * 128 + t] = acc;
// }

// CHECK-LABEL: gpu.func @tiled_sum
// CHECK: kfix.repaired = "kfix-repair-reuse-barrier"
module attributes {gpu.container_module, kfix.source = "rob/reuse.cu"} {
  gpu.module @kernels {
    gpu.func @tiled_sum(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) workgroup(%arg3 : memref<128xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["a", "out", "n"], kfix.name = "tiled_sum", kfix.shared_names = ["tile"]} {
      %alloca = memref.alloca() {kfix.var = "t"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "acc"} : memref<f32>
      %alloca_1 = memref.alloca() {kfix.var = "k"} : memref<i32>
      %alloca_2 = memref.alloca() {kfix.var = "j"} : memref<i32>
      %thread_id_x = gpu.thread_id  x
      %0 = arith.index_castui %thread_id_x : index to i32
      memref.store %0, %alloca[] : memref<i32>
      %cst = arith.constant 0.000000e+00 : f32
      memref.store %cst, %alloca_0[] : memref<f32>
      %c0_i32 = arith.constant 0 : i32
      %c128_i32 = arith.constant 128 : i32
      scf.for %arg4 = %c0_i32 to %arg2 step %c128_i32  : i32 {
        memref.store %arg4, %alloca_1[] : memref<i32>
        %block_id_x_4 = gpu.block_id  x
        %7 = arith.index_castui %block_id_x_4 : index to i32
        %8 = arith.muli %7, %arg2 : i32
        %9 = memref.load %alloca_1[] : memref<i32>
        %10 = arith.addi %8, %9 : i32
        %11 = memref.load %alloca[] : memref<i32>
        %12 = arith.addi %10, %11 : i32
        %13 = arith.index_castui %12 : i32 to index
        %14 = memref.load %arg0[%13] : memref<?xf32>
        %15 = memref.load %alloca[] : memref<i32>
        %16 = arith.index_cast %15 : i32 to index
        memref.store %14, %arg3[%16] : memref<128xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %c0_i32_5 = arith.constant 0 : i32
        %c128_i32_6 = arith.constant 128 : i32
        %c1_i32 = arith.constant 1 : i32
        scf.for %arg5 = %c0_i32_5 to %c128_i32_6 step %c1_i32  : i32 {
          memref.store %arg5, %alloca_2[] : memref<i32>
          %17 = memref.load %alloca_0[] : memref<f32>
          %18 = memref.load %alloca_2[] : memref<i32>
          %19 = arith.index_cast %18 : i32 to index
          %20 = memref.load %arg3[%19] : memref<128xf32, #gpu.address_space<workgroup>>
          %21 = arith.addf %17, %20 : f32
          memref.store %21, %alloca_0[] : memref<f32>
        }
      }
      %1 = memref.load %alloca_0[] : memref<f32>
      %block_id_x = gpu.block_id  x
      %2 = arith.index_castui %block_id_x : index to i32
      %c128_i32_3 = arith.constant 128 : i32
      %3 = arith.muli %2, %c128_i32_3 : i32
      %4 = memref.load %alloca[] : memref<i32>
      %5 = arith.addi %3, %4 : i32
      %6 = arith.index_castui %5 : i32 to index
      memref.store %1, %arg1[%6] : memref<?xf32>
      gpu.return
    }
  }
}
