// RUN: kfix-opt --verify-each --kfix-repair-int-division %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void mean_rows(const int* counts, float* out, int rows, int cols) {
//   int r = blockIdx.x * blockDim.x + threadIdx.x;
//   if (r >= rows) return;
//   int total = 0;
//   for (int j = 0; j < cols; ++j) total += counts[r * cols + j];
//   out[r] = (float)(total / cols);
// }

// CHECK-LABEL: gpu.func @mean_rows
// CHECK: kfix.repaired = "kfix-repair-int-division"
module attributes {gpu.container_module, kfix.source = "rob/intdiv.cu"} {
  gpu.module @kernels {
    gpu.func @mean_rows(%arg0: memref<?xi32>, %arg1: memref<?xf32>, %arg2: i32, %arg3: i32) kernel attributes {kfix.arg_ctypes = ["const int *", "float *", "int", "int"], kfix.arg_names = ["counts", "out", "rows", "cols"], kfix.name = "mean_rows", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "r"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "__return"} : memref<i1>
      %false = arith.constant false
      memref.store %false, %alloca_0[] : memref<i1>
      %alloca_1 = memref.alloca() {kfix.var = "total"} : memref<i32>
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
        %c0_i32 = arith.constant 0 : i32
        memref.store %c0_i32, %alloca_1[] : memref<i32>
        %c0_i32_3 = arith.constant 0 : i32
        %c1_i32 = arith.constant 1 : i32
        scf.for %arg4 = %c0_i32_3 to %arg3 step %c1_i32  : i32 {
          memref.store %arg4, %alloca_2[] : memref<i32>
          %14 = memref.load %alloca_1[] : memref<i32>
          %15 = memref.load %alloca[] : memref<i32>
          %16 = arith.muli %15, %arg3 : i32
          %17 = memref.load %alloca_2[] : memref<i32>
          %18 = arith.addi %16, %17 : i32
          %19 = arith.index_cast %18 : i32 to index
          %20 = memref.load %arg0[%19] : memref<?xi32>
          %21 = arith.addi %14, %20 : i32
          memref.store %21, %alloca_1[] : memref<i32>
        }
        %9 = memref.load %alloca_1[] : memref<i32>
        %10 = arith.divsi %9, %arg3 : i32
        %11 = arith.sitofp %10 : i32 to f32
        %12 = memref.load %alloca[] : memref<i32>
        %13 = arith.index_cast %12 : i32 to index
        memref.store %11, %arg1[%13] : memref<?xf32>
      }
      gpu.return
    }
  }
}
