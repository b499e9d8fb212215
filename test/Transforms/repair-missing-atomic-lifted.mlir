// RUN: kfix-opt --verify-each --kfix-repair-missing-atomic=loc=atomic.cu:5 %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void block_partial(const float* x, float* out, int n) {
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   if (i < n) {
//     float v = x[i];
//     out[0] += v;
//   }
// }

// CHECK-LABEL: gpu.func @block_partial
// CHECK: kfix.repaired = "kfix-repair-missing-atomic"
module attributes {gpu.container_module, kfix.source = "rob/atomic.cu"} {
  gpu.module @kernels {
    gpu.func @block_partial(%arg0: memref<?xf32> loc("rob/atomic.cu":1:17), %arg1: memref<?xf32> loc("rob/atomic.cu":1:17), %arg2: i32 loc("rob/atomic.cu":1:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "out", "n"], kfix.name = "block_partial", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "i"} : memref<i32> loc("rob/atomic.cu":2:7)
      %alloca_0 = memref.alloca() {kfix.var = "v"} : memref<f32> loc("rob/atomic.cu":4:11)
      %block_id_x = gpu.block_id  x loc("rob/atomic.cu":2:11)
      %0 = arith.index_castui %block_id_x : index to i32 loc("rob/atomic.cu":2:11)
      %block_dim_x = gpu.block_dim  x loc("rob/atomic.cu":2:24)
      %1 = arith.index_castui %block_dim_x : index to i32 loc("rob/atomic.cu":2:24)
      %2 = arith.muli %0, %1 : i32 loc("rob/atomic.cu":2:22)
      %thread_id_x = gpu.thread_id  x loc("rob/atomic.cu":2:37)
      %3 = arith.index_castui %thread_id_x : index to i32 loc("rob/atomic.cu":2:37)
      %4 = arith.addi %2, %3 : i32 loc("rob/atomic.cu":2:35)
      memref.store %4, %alloca[] : memref<i32> loc("rob/atomic.cu":2:7)
      %5 = memref.load %alloca[] : memref<i32> loc("rob/atomic.cu":3:7)
      %6 = arith.cmpi slt, %5, %arg2 : i32 loc("rob/atomic.cu":3:9)
      scf.if %6 {
        %7 = memref.load %alloca[] : memref<i32> loc("rob/atomic.cu":4:17)
        %8 = arith.index_cast %7 : i32 to index loc("rob/atomic.cu":4:15)
        %9 = memref.load %arg0[%8] : memref<?xf32> loc("rob/atomic.cu":4:15)
        memref.store %9, %alloca_0[] : memref<f32> loc("rob/atomic.cu":4:11)
        %c0_i32 = arith.constant 0 : i32 loc("rob/atomic.cu":5:9)
        %10 = arith.index_cast %c0_i32 : i32 to index loc("rob/atomic.cu":5:12)
        %11 = memref.load %arg1[%10] : memref<?xf32> loc("rob/atomic.cu":5:12)
        %12 = memref.load %alloca_0[] : memref<f32> loc("rob/atomic.cu":5:15)
        %13 = arith.addf %11, %12 : f32 loc("rob/atomic.cu":5:12)
        %14 = arith.index_cast %c0_i32 : i32 to index loc("rob/atomic.cu":5:12)
        memref.store %13, %arg1[%14] : memref<?xf32> loc("rob/atomic.cu":5:12)
      } loc("rob/atomic.cu":3:3)
      gpu.return loc("rob/atomic.cu":7:1)
    } loc("rob/atomic.cu":1:17)
  } loc("rob/atomic.cu":1:1)
} loc("rob/atomic.cu":1:1)
