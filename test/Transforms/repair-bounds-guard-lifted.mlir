// RUN: kfix-opt --verify-each --kfix-repair-bounds-guard %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __device__ float gelu(float v) { return 0.5f * v * (1.0f + tanhf(0.79788456f * (v + 0.044715f * v * v * v))); }
// __global__ void bias_gelu(const float* x, const float* bias, float* out, int rows, int cols) {
//   int idx = blockIdx.x * blockDim.x + threadIdx.x;
//   int c = idx % cols;
//   float v = x[idx] + bias[c];
//   out[idx] = gelu(v);
// }

// CHECK-LABEL: gpu.func @bias_gelu
// CHECK: kfix.repaired = "kfix-repair-bounds-guard"
module attributes {gpu.container_module, kfix.source = "rob/bounds.cu"} {
  gpu.module @kernels {
    gpu.func @bias_gelu(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: i32, %arg4: i32) kernel attributes {kfix.arg_ctypes = ["const float *", "const float *", "float *", "int", "int"], kfix.arg_names = ["x", "bias", "out", "rows", "cols"], kfix.name = "bias_gelu", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "idx"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "c"} : memref<i32>
      %alloca_1 = memref.alloca() {kfix.var = "v"} : memref<f32>
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
      %6 = arith.remsi %5, %arg4 : i32
      memref.store %6, %alloca_0[] : memref<i32>
      %7 = memref.load %alloca[] : memref<i32>
      %8 = arith.index_cast %7 : i32 to index
      %9 = memref.load %arg0[%8] : memref<?xf32>
      %10 = memref.load %alloca_0[] : memref<i32>
      %11 = arith.index_cast %10 : i32 to index
      %12 = memref.load %arg1[%11] : memref<?xf32>
      %13 = arith.addf %9, %12 : f32
      memref.store %13, %alloca_1[] : memref<f32>
      %14 = memref.load %alloca_1[] : memref<f32>
      %cst = arith.constant 5.000000e-01 : f32
      %15 = arith.mulf %cst, %14 : f32
      %cst_2 = arith.constant 1.000000e+00 : f32
      %cst_3 = arith.constant 0.797884583 : f32
      %cst_4 = arith.constant 4.471500e-02 : f32
      %16 = arith.mulf %cst_4, %14 : f32
      %17 = arith.mulf %16, %14 : f32
      %18 = arith.mulf %17, %14 : f32
      %19 = arith.addf %14, %18 : f32
      %20 = arith.mulf %cst_3, %19 : f32
      %21 = math.tanh %20 : f32
      %22 = arith.addf %cst_2, %21 : f32
      %23 = arith.mulf %15, %22 : f32
      %24 = memref.load %alloca[] : memref<i32>
      %25 = arith.index_cast %24 : i32 to index
      memref.store %23, %arg2[%25] : memref<?xf32>
      gpu.return
    }
  }
}
