// RUN: kfix-opt --verify-each --kfix-repair-grid-stride %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void saxpy(int n, float a, const float* x, float* y) {
//   for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x) {
//     y[i] = a * x[i] + y[i];
//   }
// }

// CHECK-LABEL: gpu.func @saxpy
// CHECK: kfix.repaired = "kfix-repair-grid-stride"
module attributes {gpu.container_module, kfix.source = "rob/gridstride.cu"} {
  gpu.module @kernels {
    gpu.func @saxpy(%arg0: i32, %arg1: f32, %arg2: memref<?xf32>, %arg3: memref<?xf32>) kernel attributes {kfix.arg_ctypes = ["int", "float", "const float *", "float *"], kfix.arg_names = ["n", "a", "x", "y"], kfix.name = "saxpy", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "i"} : memref<i32>
      %block_id_x = gpu.block_id  x
      %0 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %1 = arith.index_castui %block_dim_x : index to i32
      %2 = arith.muli %0, %1 : i32
      %thread_id_x = gpu.thread_id  x
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.addi %2, %3 : i32
      %block_dim_x_0 = gpu.block_dim  x
      %5 = arith.index_castui %block_dim_x_0 : index to i32
      scf.for %arg4 = %4 to %arg0 step %5  : i32 {
        memref.store %arg4, %alloca[] : memref<i32>
        %6 = memref.load %alloca[] : memref<i32>
        %7 = arith.index_cast %6 : i32 to index
        %8 = memref.load %arg2[%7] : memref<?xf32>
        %9 = arith.mulf %arg1, %8 : f32
        %10 = memref.load %alloca[] : memref<i32>
        %11 = arith.index_cast %10 : i32 to index
        %12 = memref.load %arg3[%11] : memref<?xf32>
        %13 = arith.addf %9, %12 : f32
        %14 = memref.load %alloca[] : memref<i32>
        %15 = arith.index_cast %14 : i32 to index
        memref.store %13, %arg3[%15] : memref<?xf32>
      }
      gpu.return
    }
  }
}
