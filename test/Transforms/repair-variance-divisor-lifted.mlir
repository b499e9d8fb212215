// RUN: kfix-opt --verify-each --kfix-repair-variance-divisor %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void row_var(const float* x, float* out, int rows, int cols) {
//   int r = blockIdx.x * blockDim.x + threadIdx.x;
//   if (r >= rows) return;
//   float mean = 0.0f;
//   for (int j = 0; j < cols; ++j) mean += x[r * cols + j];
//   mean /= cols;
//   float var = 0.0f;
//   for (int j = 0; j < cols; ++j) { float d = x[r * cols + j] - mean; var += d * d; }
//   out[r] = var / (float)(cols - 1);
// }

// CHECK-LABEL: gpu.func @row_var
// CHECK: kfix.repaired = "kfix-repair-variance-divisor"
module attributes {gpu.container_module, kfix.source = "rob/vardiv.cu"} {
  gpu.module @kernels {
    gpu.func @row_var(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32, %arg3: i32) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int", "int"], kfix.arg_names = ["x", "out", "rows", "cols"], kfix.name = "row_var", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "r"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "__return"} : memref<i1>
      %false = arith.constant false
      memref.store %false, %alloca_0[] : memref<i1>
      %alloca_1 = memref.alloca() {kfix.var = "mean"} : memref<f32>
      %alloca_2 = memref.alloca() {kfix.var = "j"} : memref<i32>
      %alloca_3 = memref.alloca() {kfix.var = "var"} : memref<f32>
      %alloca_4 = memref.alloca() {kfix.var = "j"} : memref<i32>
      %alloca_5 = memref.alloca() {kfix.var = "d"} : memref<f32>
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
          %18 = memref.load %alloca_1[] : memref<f32>
          %19 = memref.load %alloca[] : memref<i32>
          %20 = arith.muli %19, %arg3 : i32
          %21 = memref.load %alloca_2[] : memref<i32>
          %22 = arith.addi %20, %21 : i32
          %23 = arith.index_cast %22 : i32 to index
          %24 = memref.load %arg0[%23] : memref<?xf32>
          %25 = arith.addf %18, %24 : f32
          memref.store %25, %alloca_1[] : memref<f32>
        }
        %9 = memref.load %alloca_1[] : memref<f32>
        %10 = arith.sitofp %arg3 : i32 to f32
        %11 = arith.divf %9, %10 : f32
        memref.store %11, %alloca_1[] : memref<f32>
        %cst_6 = arith.constant 0.000000e+00 : f32
        memref.store %cst_6, %alloca_3[] : memref<f32>
        %c0_i32_7 = arith.constant 0 : i32
        %c1_i32_8 = arith.constant 1 : i32
        scf.for %arg4 = %c0_i32_7 to %arg3 step %c1_i32_8  : i32 {
          memref.store %arg4, %alloca_4[] : memref<i32>
          %18 = memref.load %alloca[] : memref<i32>
          %19 = arith.muli %18, %arg3 : i32
          %20 = memref.load %alloca_4[] : memref<i32>
          %21 = arith.addi %19, %20 : i32
          %22 = arith.index_cast %21 : i32 to index
          %23 = memref.load %arg0[%22] : memref<?xf32>
          %24 = memref.load %alloca_1[] : memref<f32>
          %25 = arith.subf %23, %24 : f32
          memref.store %25, %alloca_5[] : memref<f32>
          %26 = memref.load %alloca_3[] : memref<f32>
          %27 = memref.load %alloca_5[] : memref<f32>
          %28 = memref.load %alloca_5[] : memref<f32>
          %29 = arith.mulf %27, %28 : f32
          %30 = arith.addf %26, %29 : f32
          memref.store %30, %alloca_3[] : memref<f32>
        }
        %12 = memref.load %alloca_3[] : memref<f32>
        %c1_i32_9 = arith.constant 1 : i32
        %13 = arith.subi %arg3, %c1_i32_9 : i32
        %14 = arith.sitofp %13 : i32 to f32
        %15 = arith.divf %12, %14 : f32
        %16 = memref.load %alloca[] : memref<i32>
        %17 = arith.index_cast %16 : i32 to index
        memref.store %15, %arg1[%17] : memref<?xf32>
      }
      gpu.return
    }
  }
}
