// RUN: kfix-opt --verify-each --kfix-repair-index-width %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void scale2d(const float* x, float* y, int rows, int cols, float s) {
//   int row = blockIdx.y;
//   int col = blockIdx.x * blockDim.x + threadIdx.x;
//   if (col < cols) {
//     int off = row * cols + col;
//     y[off] = x[off] * s;
//   }
// }

// CHECK-LABEL: gpu.func @scale2d
// CHECK: kfix.repaired = "kfix-repair-index-width"
module attributes {gpu.container_module, kfix.source = "rob/iwidth.cu"} {
  gpu.module @kernels {
    gpu.func @scale2d(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32, %arg3: i32, %arg4: f32) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int", "int", "float"], kfix.arg_names = ["x", "y", "rows", "cols", "s"], kfix.name = "scale2d", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "row"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "col"} : memref<i32>
      %alloca_1 = memref.alloca() {kfix.var = "off"} : memref<i32>
      %block_id_y = gpu.block_id  y
      %0 = arith.index_castui %block_id_y : index to i32
      memref.store %0, %alloca[] : memref<i32>
      %block_id_x = gpu.block_id  x
      %1 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %2 = arith.index_castui %block_dim_x : index to i32
      %3 = arith.muli %1, %2 : i32
      %thread_id_x = gpu.thread_id  x
      %4 = arith.index_castui %thread_id_x : index to i32
      %5 = arith.addi %3, %4 : i32
      memref.store %5, %alloca_0[] : memref<i32>
      %6 = memref.load %alloca_0[] : memref<i32>
      %7 = arith.cmpi slt, %6, %arg3 : i32
      scf.if %7 {
        %8 = memref.load %alloca[] : memref<i32>
        %9 = arith.muli %8, %arg3 : i32
        %10 = memref.load %alloca_0[] : memref<i32>
        %11 = arith.addi %9, %10 : i32
        memref.store %11, %alloca_1[] : memref<i32>
        %12 = memref.load %alloca_1[] : memref<i32>
        %13 = arith.index_cast %12 : i32 to index
        %14 = memref.load %arg0[%13] : memref<?xf32>
        %15 = arith.mulf %14, %arg4 : f32
        %16 = memref.load %alloca_1[] : memref<i32>
        %17 = arith.index_cast %16 : i32 to index
        memref.store %15, %arg1[%17] : memref<?xf32>
      }
      gpu.return
    }
  }
}
