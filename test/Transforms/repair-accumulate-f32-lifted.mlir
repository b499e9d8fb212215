// RUN: kfix-opt --verify-each --kfix-repair-accumulate-f32 %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// #include <cuda_fp16.h>
// __global__ void dot_half(const __half* a, const __half* b, __half* out, int n) {
//   int r = blockIdx.x * blockDim.x + threadIdx.x;
//   __half acc = __float2half(0.0f);
//   for (int k = 0; k < n; ++k) acc = __hadd(acc, __hmul(a[r * n + k], b[k]));
//   out[r] = acc;
// }

// CHECK-LABEL: gpu.func @dot_half
// CHECK: kfix.repaired = "kfix-repair-accumulate-f32"
module attributes {gpu.container_module, kfix.source = "rob/accf32.cu"} {
  gpu.module @kernels {
    gpu.func @dot_half(%arg0: memref<?xf16>, %arg1: memref<?xf16>, %arg2: memref<?xf16>, %arg3: i32) kernel attributes {kfix.arg_ctypes = ["const __half *", "const __half *", "__half *", "int"], kfix.arg_names = ["a", "b", "out", "n"], kfix.name = "dot_half", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "r"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "acc"} : memref<f16>
      %alloca_1 = memref.alloca() {kfix.var = "k"} : memref<i32>
      %block_id_x = gpu.block_id  x
      %0 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %1 = arith.index_castui %block_dim_x : index to i32
      %2 = arith.muli %0, %1 : i32
      %thread_id_x = gpu.thread_id  x
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.addi %2, %3 : i32
      memref.store %4, %alloca[] : memref<i32>
      %cst = arith.constant 0.000000e+00 : f32
      %5 = arith.truncf %cst : f32 to f16
      memref.store %5, %alloca_0[] : memref<f16>
      %c0_i32 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32  : i32 {
        memref.store %arg4, %alloca_1[] : memref<i32>
        %9 = memref.load %alloca_0[] : memref<f16>
        %10 = memref.load %alloca[] : memref<i32>
        %11 = arith.muli %10, %arg3 : i32
        %12 = memref.load %alloca_1[] : memref<i32>
        %13 = arith.addi %11, %12 : i32
        %14 = arith.index_cast %13 : i32 to index
        %15 = memref.load %arg0[%14] : memref<?xf16>
        %16 = memref.load %alloca_1[] : memref<i32>
        %17 = arith.index_cast %16 : i32 to index
        %18 = memref.load %arg1[%17] : memref<?xf16>
        %19 = arith.mulf %15, %18 : f16
        %20 = arith.addf %9, %19 : f16
        memref.store %20, %alloca_0[] : memref<f16>
      }
      %6 = memref.load %alloca[] : memref<i32>
      %7 = memref.load %alloca_0[] : memref<f16>
      %8 = arith.index_cast %6 : i32 to index
      memref.store %7, %arg2[%8] : memref<?xf16>
      gpu.return
    }
  }
}
