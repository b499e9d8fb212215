// RUN: kfix-opt --verify-each --kfix-repair-pdll=pattern=EpsilonInsideRsqrt %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void rmsnorm(const float* x, float* y, int rows, int cols) {
//   int r = blockIdx.x * blockDim.x + threadIdx.x;
//   if (r >= rows) return;
//   float ss = 0.0f;
//   for (int j = 0; j < cols; ++j) { float v = x[r * cols + j]; ss += v * v; }
//   float inv = rsqrtf(ss / cols) + 1e-5f;
//   for (int j = 0; j < cols; ++j) y[r * cols + j] = x[r * cols + j] * inv;
// }

// CHECK-LABEL: gpu.func @rmsnorm
// CHECK: kfix.repaired = "kfix-repair-pdll"
module attributes {gpu.container_module, kfix.source = "rob/eps.cu"} {
  gpu.module @kernels {
    gpu.func @rmsnorm(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32, %arg3: i32) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int", "int"], kfix.arg_names = ["x", "y", "rows", "cols"], kfix.name = "rmsnorm", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "r"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "__return"} : memref<i1>
      %false = arith.constant false
      memref.store %false, %alloca_0[] : memref<i1>
      %alloca_1 = memref.alloca() {kfix.var = "ss"} : memref<f32>
      %alloca_2 = memref.alloca() {kfix.var = "j"} : memref<i32>
      %alloca_3 = memref.alloca() {kfix.var = "v"} : memref<f32>
      %alloca_4 = memref.alloca() {kfix.var = "inv"} : memref<f32>
      %alloca_5 = memref.alloca() {kfix.var = "j"} : memref<i32>
      %block_id_x = gpu.block_id  x
      %0 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %1 = arith.index_castui %block_dim_x : index to i32
      %2 = arith.muli %0, %1 : i32
      %thread_id_x = gpu.thread_id  x
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.addi %2, %3 : i32
      memref.store %4, %alloca[] : memref<i32>
      %5 = memref.load %alloca[] : memref<i32>
      %6 = arith.cmpi sge, %5, %arg2 : i32
      scf.if %6 {
        %true_6 = arith.constant true
        memref.store %true_6, %alloca_0[] : memref<i1>
      }
      %7 = memref.load %alloca_0[] : memref<i1>
      %true = arith.constant true
      %8 = arith.xori %7, %true : i1
      scf.if %8 {
        %cst = arith.constant 0.000000e+00 : f32
        memref.store %cst, %alloca_1[] : memref<f32>
        %c0_i32 = arith.constant 0 : i32
        %c1_i32 = arith.constant 1 : i32
        scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32  : i32 {
          memref.store %arg4, %alloca_2[] : memref<i32>
          %14 = memref.load %alloca[] : memref<i32>
          %15 = arith.muli %14, %arg3 : i32
          %16 = memref.load %alloca_2[] : memref<i32>
          %17 = arith.addi %15, %16 : i32
          %18 = arith.index_cast %17 : i32 to index
          %19 = memref.load %arg0[%18] : memref<?xf32>
          memref.store %19, %alloca_3[] : memref<f32>
          %20 = memref.load %alloca_1[] : memref<f32>
          %21 = memref.load %alloca_3[] : memref<f32>
          %22 = memref.load %alloca_3[] : memref<f32>
          %23 = arith.mulf %21, %22 : f32
          %24 = arith.addf %20, %23 : f32
          memref.store %24, %alloca_1[] : memref<f32>
        }
        %9 = memref.load %alloca_1[] : memref<f32>
        %10 = arith.sitofp %arg3 : i32 to f32
        %11 = arith.divf %9, %10 : f32
        %12 = math.rsqrt %11 : f32
        %cst_6 = arith.constant 9.99999974E-6 : f32
        %13 = arith.addf %12, %cst_6 : f32
        memref.store %13, %alloca_4[] : memref<f32>
        %c0_i32_7 = arith.constant 0 : i32
        %c1_i32_8 = arith.constant 1 : i32
        scf.for %arg4 = %c0_i32_7 to %arg3 step %c1_i32_8  : i32 {
          memref.store %arg4, %alloca_5[] : memref<i32>
          %14 = memref.load %alloca[] : memref<i32>
          %15 = arith.muli %14, %arg3 : i32
          %16 = memref.load %alloca_5[] : memref<i32>
          %17 = arith.addi %15, %16 : i32
          %18 = arith.index_cast %17 : i32 to index
          %19 = memref.load %arg0[%18] : memref<?xf32>
          %20 = memref.load %alloca_4[] : memref<f32>
          %21 = arith.mulf %19, %20 : f32
          %22 = memref.load %alloca[] : memref<i32>
          %23 = arith.muli %22, %arg3 : i32
          %24 = memref.load %alloca_5[] : memref<i32>
          %25 = arith.addi %23, %24 : i32
          %26 = arith.index_cast %25 : i32 to index
          memref.store %21, %arg1[%26] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
