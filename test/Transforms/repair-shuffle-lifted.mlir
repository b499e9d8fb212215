// RUN: kfix-opt --verify-each --kfix-repair-shuffle %s | FileCheck %s
// Robustness: a realistic buggy kernel lifted with kfix-translate --import-cuda (the CUDA source below).

// -----

// __inline__ __device__ float warpReduceSum(float val) {
//   for (int offset = 16; offset > 0; offset /= 2)
//     val += __shfl_down_sync(0x0000ffff, val, offset);
//   return val;
// }
// __global__ void warp_sum(const float* x, float* out) {
//   float v = x[blockIdx.x * 32 + threadIdx.x];
//   v = warpReduceSum(v);
//   if (threadIdx.x == 0) out[blockIdx.x] = v;
// }

// CHECK-LABEL: gpu.func @warp_sum
// CHECK: kfix.repaired = "kfix-repair-shuffle"
module attributes {gpu.container_module, kfix.source = "rob/shuffle.cu"} {
  gpu.module @kernels {
    gpu.func @warp_sum(%arg0: memref<?xf32>, %arg1: memref<?xf32>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *"], kfix.arg_names = ["x", "out"], kfix.name = "warp_sum", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "v"} : memref<f32>
      %alloca_0 = memref.alloca() {kfix.var = "val"} : memref<f32>
      %alloca_1 = memref.alloca() {kfix.var = "offset"} : memref<i32>
      %block_id_x = gpu.block_id  x
      %0 = arith.index_castui %block_id_x : index to i32
      %c32_i32 = arith.constant 32 : i32
      %1 = arith.muli %0, %c32_i32 : i32
      %thread_id_x = gpu.thread_id  x
      %2 = arith.index_castui %thread_id_x : index to i32
      %3 = arith.addi %1, %2 : i32
      %4 = arith.index_castui %3 : i32 to index
      %5 = memref.load %arg0[%4] : memref<?xf32>
      memref.store %5, %alloca[] : memref<f32>
      %6 = memref.load %alloca[] : memref<f32>
      memref.store %6, %alloca_0[] : memref<f32>
      %c16_i32 = arith.constant 16 : i32
      memref.store %c16_i32, %alloca_1[] : memref<i32>
      scf.while : () -> () {
        %10 = memref.load %alloca_1[] : memref<i32>
        %c0_i32_3 = arith.constant 0 : i32
        %11 = arith.cmpi sgt, %10, %c0_i32_3 : i32
        scf.condition(%11)
      } do {
        %10 = memref.load %alloca_0[] : memref<f32>
        %11 = memref.load %alloca_0[] : memref<f32>
        %12 = memref.load %alloca_1[] : memref<i32>
        %c32_i32_3 = arith.constant 32 : i32
        %shuffleResult, %valid = gpu.shuffle  down %11, %12, %c32_i32_3 {kfix.mask = 65535 : i64} : f32
        %13 = arith.addf %10, %shuffleResult : f32
        memref.store %13, %alloca_0[] : memref<f32>
        %14 = memref.load %alloca_1[] : memref<i32>
        %c2_i32 = arith.constant 2 : i32
        %15 = arith.divsi %14, %c2_i32 : i32
        memref.store %15, %alloca_1[] : memref<i32>
        scf.yield
      }
      %7 = memref.load %alloca_0[] : memref<f32>
      memref.store %7, %alloca[] : memref<f32>
      %thread_id_x_2 = gpu.thread_id  x
      %8 = arith.index_castui %thread_id_x_2 : index to i32
      %c0_i32 = arith.constant 0 : i32
      %9 = arith.cmpi eq, %8, %c0_i32 : i32
      scf.if %9 {
        %10 = memref.load %alloca[] : memref<f32>
        %block_id_x_3 = gpu.block_id  x
        %11 = arith.index_castui %block_id_x_3 : index to i32
        %12 = arith.index_castui %11 : i32 to index
        memref.store %10, %arg1[%12] : memref<?xf32>
      }
      gpu.return
    }
  }
}
