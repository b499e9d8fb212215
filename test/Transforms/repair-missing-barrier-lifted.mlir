// RUN: kfix-opt --verify-each --kfix-repair-missing-barrier %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void block_reverse(const float* in, float* out, int n) {
//   __shared__ float tile[256];
//   int t = threadIdx.x;
//   int base = blockIdx.x * blockDim.x;
//   tile[t] = in[base + t];
//   float v = tile[blockDim.x - 1 - t];
//   out[base + t] = v;
// }

// CHECK-LABEL: gpu.func @block_reverse
// CHECK: kfix.repaired = "kfix-repair-missing-barrier"
module attributes {gpu.container_module, kfix.source = "rob/barrier.cu"} {
  gpu.module @kernels {
    gpu.func @block_reverse(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) workgroup(%arg3 : memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["in", "out", "n"], kfix.name = "block_reverse", kfix.shared_names = ["tile"]} {
      %alloca = memref.alloca() {kfix.var = "t"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "base"} : memref<i32>
      %alloca_1 = memref.alloca() {kfix.var = "v"} : memref<f32>
      %thread_id_x = gpu.thread_id  x
      %0 = arith.index_castui %thread_id_x : index to i32
      memref.store %0, %alloca[] : memref<i32>
      %block_id_x = gpu.block_id  x
      %1 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %2 = arith.index_castui %block_dim_x : index to i32
      %3 = arith.muli %1, %2 : i32
      memref.store %3, %alloca_0[] : memref<i32>
      %4 = memref.load %alloca_0[] : memref<i32>
      %5 = memref.load %alloca[] : memref<i32>
      %6 = arith.addi %4, %5 : i32
      %7 = arith.index_cast %6 : i32 to index
      %8 = memref.load %arg0[%7] : memref<?xf32>
      %9 = memref.load %alloca[] : memref<i32>
      %10 = arith.index_cast %9 : i32 to index
      memref.store %8, %arg3[%10] : memref<256xf32, #gpu.address_space<workgroup>>
      %block_dim_x_2 = gpu.block_dim  x
      %11 = arith.index_castui %block_dim_x_2 : index to i32
      %c1_i32 = arith.constant 1 : i32
      %12 = arith.subi %11, %c1_i32 : i32
      %13 = memref.load %alloca[] : memref<i32>
      %14 = arith.subi %12, %13 : i32
      %15 = arith.index_castui %14 : i32 to index
      %16 = memref.load %arg3[%15] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %16, %alloca_1[] : memref<f32>
      %17 = memref.load %alloca_1[] : memref<f32>
      %18 = memref.load %alloca_0[] : memref<i32>
      %19 = memref.load %alloca[] : memref<i32>
      %20 = arith.addi %18, %19 : i32
      %21 = arith.index_cast %20 : i32 to index
      memref.store %17, %arg1[%21] : memref<?xf32>
      gpu.return
    }
  }
}
