// RUN: kfix-opt --verify-each --kfix-repair-reduction-identity %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void row_max(const float* x, float* out, int rows, int cols) {
//   int r = blockIdx.x * blockDim.x + threadIdx.x;
//   if (r >= rows) return;
//   float best = 0.0f;
//   for (int j = 0; j < cols; ++j) best = fmaxf(best, x[r * cols + j]);
//   out[r] = best;
// }

// CHECK-LABEL: gpu.func @row_max
// CHECK: kfix.repaired = "kfix-repair-reduction-identity"
module attributes {gpu.container_module, kfix.source = "rob/ident.cu"} {
  gpu.module @kernels {
    gpu.func @row_max(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32, %arg3: i32) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int", "int"], kfix.arg_names = ["x", "out", "rows", "cols"], kfix.name = "row_max", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "r"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "__return"} : memref<i1>
      %false = arith.constant false
      memref.store %false, %alloca_0[] : memref<i1>
      %alloca_1 = memref.alloca() {kfix.var = "best"} : memref<f32>
      %alloca_2 = memref.alloca() {kfix.var = "j"} : memref<i32>
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
        %true_3 = arith.constant true
        memref.store %true_3, %alloca_0[] : memref<i1>
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
          %12 = memref.load %alloca_1[] : memref<f32>
          %13 = memref.load %alloca[] : memref<i32>
          %14 = arith.muli %13, %arg3 : i32
          %15 = memref.load %alloca_2[] : memref<i32>
          %16 = arith.addi %14, %15 : i32
          %17 = arith.index_cast %16 : i32 to index
          %18 = memref.load %arg0[%17] : memref<?xf32>
          %19 = arith.maxnumf %12, %18 : f32
          memref.store %19, %alloca_1[] : memref<f32>
        }
        %9 = memref.load %alloca_1[] : memref<f32>
        %10 = memref.load %alloca[] : memref<i32>
        %11 = arith.index_cast %10 : i32 to index
        memref.store %9, %arg1[%11] : memref<?xf32>
      }
      gpu.return
    }
  }
}
