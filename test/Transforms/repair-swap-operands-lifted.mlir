// RUN: kfix-opt --verify-each --kfix-repair-swap-operands='loc=swap.cu:5 op=arith.subf' %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __global__ void center(const float* x, float* y, const float* mean, int n) {
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   if (i >= n) return;
//   float m = mean[0];
//   y[i] = m - x[i];
// }

// CHECK-LABEL: gpu.func @center
// CHECK: kfix.repaired = "kfix-repair-swap-operands"
module attributes {gpu.container_module, kfix.source = "rob/swap.cu"} {
  gpu.module @kernels {
    gpu.func @center(%arg0: memref<?xf32> loc("rob/swap.cu":1:17), %arg1: memref<?xf32> loc("rob/swap.cu":1:17), %arg2: memref<?xf32> loc("rob/swap.cu":1:17), %arg3: i32 loc("rob/swap.cu":1:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "const float *", "int"], kfix.arg_names = ["x", "y", "mean", "n"], kfix.name = "center", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "i"} : memref<i32> loc("rob/swap.cu":2:7)
      %alloca_0 = memref.alloca() {kfix.var = "__return"} : memref<i1> loc("rob/swap.cu":3:15)
      %false = arith.constant false loc("rob/swap.cu":3:15)
      memref.store %false, %alloca_0[] : memref<i1> loc("rob/swap.cu":3:15)
      %alloca_1 = memref.alloca() {kfix.var = "m"} : memref<f32> loc("rob/swap.cu":4:9)
      %block_id_x = gpu.block_id  x loc("rob/swap.cu":2:11)
      %0 = arith.index_castui %block_id_x : index to i32 loc("rob/swap.cu":2:11)
      %block_dim_x = gpu.block_dim  x loc("rob/swap.cu":2:24)
      %1 = arith.index_castui %block_dim_x : index to i32 loc("rob/swap.cu":2:24)
      %2 = arith.muli %0, %1 : i32 loc("rob/swap.cu":2:22)
      %thread_id_x = gpu.thread_id  x loc("rob/swap.cu":2:37)
      %3 = arith.index_castui %thread_id_x : index to i32 loc("rob/swap.cu":2:37)
      %4 = arith.addi %2, %3 : i32 loc("rob/swap.cu":2:35)
      memref.store %4, %alloca[] : memref<i32> loc("rob/swap.cu":2:7)
      %5 = memref.load %alloca[] : memref<i32> loc("rob/swap.cu":3:7)
      %6 = arith.cmpi sge, %5, %arg3 : i32 loc("rob/swap.cu":3:9)
      scf.if %6 {
        %true_2 = arith.constant true loc("rob/swap.cu":3:15)
        memref.store %true_2, %alloca_0[] : memref<i1> loc("rob/swap.cu":3:15)
      } loc("rob/swap.cu":3:3)
      %7 = memref.load %alloca_0[] : memref<i1> loc("rob/swap.cu":4:3)
      %true = arith.constant true loc("rob/swap.cu":4:3)
      %8 = arith.xori %7, %true : i1 loc("rob/swap.cu":4:3)
      scf.if %8 {
        %c0_i32 = arith.constant 0 : i32 loc("rob/swap.cu":4:18)
        %9 = arith.index_cast %c0_i32 : i32 to index loc("rob/swap.cu":4:13)
        %10 = memref.load %arg2[%9] : memref<?xf32> loc("rob/swap.cu":4:13)
        memref.store %10, %alloca_1[] : memref<f32> loc("rob/swap.cu":4:9)
        %11 = memref.load %alloca_1[] : memref<f32> loc("rob/swap.cu":5:10)
        %12 = memref.load %alloca[] : memref<i32> loc("rob/swap.cu":5:16)
        %13 = arith.index_cast %12 : i32 to index loc("rob/swap.cu":5:14)
        %14 = memref.load %arg0[%13] : memref<?xf32> loc("rob/swap.cu":5:14)
        %15 = arith.subf %11, %14 : f32 loc("rob/swap.cu":5:12)
        %16 = memref.load %alloca[] : memref<i32> loc("rob/swap.cu":5:5)
        %17 = arith.index_cast %16 : i32 to index loc("rob/swap.cu":5:8)
        memref.store %15, %arg1[%17] : memref<?xf32> loc("rob/swap.cu":5:8)
      } loc("rob/swap.cu":4:3)
      gpu.return loc("rob/swap.cu":6:1)
    } loc("rob/swap.cu":1:17)
  } loc("rob/swap.cu":1:1)
} loc("rob/swap.cu":1:1)
