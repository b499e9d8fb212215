// RUN: kfix-opt --verify-each --kfix-repair-loop-bound %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void prefix_copy(const float* x, float* y, int n) {
//   int i = threadIdx.x;
//   while (i <= n) {
//     y[i] = x[i];
//     i += blockDim.x;
//   }
// }

// CHECK-LABEL: gpu.func @prefix_copy
// CHECK: kfix.repaired = "kfix-repair-loop-bound"
module attributes {gpu.container_module, kfix.source = "rob/loopbound.cu"} {
  gpu.module @kernels {
    gpu.func @prefix_copy(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "y", "n"], kfix.name = "prefix_copy", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "i"} : memref<i32>
      %thread_id_x = gpu.thread_id  x
      %0 = arith.index_castui %thread_id_x : index to i32
      memref.store %0, %alloca[] : memref<i32>
      scf.while : () -> () {
        %1 = memref.load %alloca[] : memref<i32>
        %2 = arith.cmpi sle, %1, %arg2 : i32
        scf.condition(%2)
      } do {
        %1 = memref.load %alloca[] : memref<i32>
        %2 = arith.index_cast %1 : i32 to index
        %3 = memref.load %arg0[%2] : memref<?xf32>
        %4 = memref.load %alloca[] : memref<i32>
        %5 = arith.index_cast %4 : i32 to index
        memref.store %3, %arg1[%5] : memref<?xf32>
        %6 = memref.load %alloca[] : memref<i32>
        %block_dim_x = gpu.block_dim  x
        %7 = arith.index_castui %block_dim_x : index to i32
        %8 = arith.addi %6, %7 : i32
        memref.store %8, %alloca[] : memref<i32>
        scf.yield
      }
      gpu.return
    }
  }
}
