// RUN: kfix-opt --verify-each --split-input-file --kfix-repair-shuffle=fix=offsets %s | FileCheck %s
// RUN: kfix-opt --verify-each --split-input-file --kfix-repair-shuffle='fix=offsets loc=shfl_seg.cu:3' %s | FileCheck %s --check-prefix=AIMED
// Lifted with kfix-translate --import-cuda from the CUDA source in each case's comment.

// -----

// __device__ float warp_sum(float v) {
//   for (int off = 32; off > 0; off >>= 1)
//     v += __shfl_down_sync(0xffffffff, v, off);
//   return v;
// }
// __global__ void row_sum(const float* x, float* out, int n) {
//   int lane = threadIdx.x & 31;
//   int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
//   float v = 0.0f;
//   for (int j = lane; j < n; j += 32) v += x[w * n + j];
//   v = warp_sum(v);
//   if (lane == 0) out[w] = v;
// }

// CHECK-LABEL: gpu.func @row_sum
// CHECK: %[[C:.*]] = arith.constant {kfix.repaired = "kfix-repair-shuffle"} 16 : i32
// CHECK-NEXT: memref.store %[[C]], %[[OFF:.*]][] {kfix.repaired = "kfix-repair-shuffle"}
// CHECK: scf.while
// CHECK: gpu.shuffle down
// AIMED-LABEL: gpu.func @row_sum
// AIMED-NOT: kfix.repaired
module attributes {gpu.container_module, kfix.source = "shfl.cu"} {
  gpu.module @kernels {
    gpu.func @row_sum(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "out", "n"], kfix.name = "row_sum", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "lane"} : memref<i32>
      %alloca_0 = memref.alloca() {kfix.var = "w"} : memref<i32>
      %alloca_1 = memref.alloca() {kfix.var = "v"} : memref<f32>
      %alloca_2 = memref.alloca() {kfix.var = "j"} : memref<i32>
      %alloca_3 = memref.alloca() {kfix.var = "v"} : memref<f32>
      %alloca_4 = memref.alloca() {kfix.var = "off"} : memref<i32>
      %thread_id_x = gpu.thread_id  x
      %0 = arith.index_castui %thread_id_x : index to i32
      %c31_i32 = arith.constant 31 : i32
      %1 = arith.andi %0, %c31_i32 : i32
      memref.store %1, %alloca[] : memref<i32>
      %block_id_x = gpu.block_id  x
      %2 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %3 = arith.index_castui %block_dim_x : index to i32
      %4 = arith.muli %2, %3 : i32
      %thread_id_x_5 = gpu.thread_id  x
      %5 = arith.index_castui %thread_id_x_5 : index to i32
      %6 = arith.addi %4, %5 : i32
      %c32_i32 = arith.constant 32 : i32
      %7 = arith.divui %6, %c32_i32 : i32
      memref.store %7, %alloca_0[] : memref<i32>
      %cst = arith.constant 0.000000e+00 : f32
      memref.store %cst, %alloca_1[] : memref<f32>
      %8 = memref.load %alloca[] : memref<i32>
      %c32_i32_6 = arith.constant 32 : i32
      scf.for %arg3 = %8 to %arg2 step %c32_i32_6  : i32 {
        memref.store %arg3, %alloca_2[] : memref<i32>
        %13 = memref.load %alloca_1[] : memref<f32>
        %14 = memref.load %alloca_0[] : memref<i32>
        %15 = arith.muli %14, %arg2 : i32
        %16 = memref.load %alloca_2[] : memref<i32>
        %17 = arith.addi %15, %16 : i32
        %18 = arith.index_cast %17 : i32 to index
        %19 = memref.load %arg0[%18] : memref<?xf32>
        %20 = arith.addf %13, %19 : f32
        memref.store %20, %alloca_1[] : memref<f32>
      }
      %9 = memref.load %alloca_1[] : memref<f32>
      memref.store %9, %alloca_3[] : memref<f32>
      %c32_i32_7 = arith.constant 32 : i32
      memref.store %c32_i32_7, %alloca_4[] : memref<i32>
      scf.while : () -> () {
        %13 = memref.load %alloca_4[] : memref<i32>
        %c0_i32_8 = arith.constant 0 : i32
        %14 = arith.cmpi sgt, %13, %c0_i32_8 : i32
        scf.condition(%14)
      } do {
        %13 = memref.load %alloca_3[] : memref<f32>
        %14 = memref.load %alloca_3[] : memref<f32>
        %15 = memref.load %alloca_4[] : memref<i32>
        %c32_i32_8 = arith.constant 32 : i32
        %shuffleResult, %valid = gpu.shuffle  down %14, %15, %c32_i32_8 : f32
        %16 = arith.addf %13, %shuffleResult : f32
        memref.store %16, %alloca_3[] : memref<f32>
        %17 = memref.load %alloca_4[] : memref<i32>
        %c1_i32 = arith.constant 1 : i32
        %18 = arith.shrsi %17, %c1_i32 : i32
        memref.store %18, %alloca_4[] : memref<i32>
        scf.yield
      }
      %10 = memref.load %alloca_3[] : memref<f32>
      memref.store %10, %alloca_1[] : memref<f32>
      %11 = memref.load %alloca[] : memref<i32>
      %c0_i32 = arith.constant 0 : i32
      %12 = arith.cmpi eq, %11, %c0_i32 : i32
      scf.if %12 {
        %13 = memref.load %alloca_1[] : memref<f32>
        %14 = memref.load %alloca_0[] : memref<i32>
        %15 = arith.index_cast %14 : i32 to index
        memref.store %13, %arg1[%15] : memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// __global__ void warp_sums_up(const float* x, float* out) {
//   float v = x[blockIdx.x * blockDim.x + threadIdx.x];
//   for (int off = 1; off < 64; off <<= 1)
//     v += __shfl_xor_sync(0xffffffff, v, off);
//   if ((threadIdx.x & 31) == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
// }

// CHECK-LABEL: gpu.func @warp_sums_up
// CHECK: scf.while
// CHECK: %[[B:.*]] = arith.constant {kfix.repaired = "kfix-repair-shuffle"} 32 : i32
// CHECK-NEXT: arith.cmpi slt, %{{.*}}, %[[B]] {kfix.repaired = "kfix-repair-shuffle"}
module attributes {gpu.container_module, kfix.source = "shfl_up.cu"} {
  gpu.module @kernels {
    gpu.func @warp_sums_up(%arg0: memref<?xf32>, %arg1: memref<?xf32>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *"], kfix.arg_names = ["x", "out"], kfix.name = "warp_sums_up", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "v"} : memref<f32>
      %alloca_0 = memref.alloca() {kfix.var = "off"} : memref<i32>
      %block_id_x = gpu.block_id  x
      %0 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %1 = arith.index_castui %block_dim_x : index to i32
      %2 = arith.muli %0, %1 : i32
      %thread_id_x = gpu.thread_id  x
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.addi %2, %3 : i32
      %5 = arith.index_castui %4 : i32 to index
      %6 = memref.load %arg0[%5] : memref<?xf32>
      memref.store %6, %alloca[] : memref<f32>
      %c1_i32 = arith.constant 1 : i32
      memref.store %c1_i32, %alloca_0[] : memref<i32>
      scf.while : () -> () {
        %10 = memref.load %alloca_0[] : memref<i32>
        %c64_i32 = arith.constant 64 : i32
        %11 = arith.cmpi slt, %10, %c64_i32 : i32
        scf.condition(%11)
      } do {
        %10 = memref.load %alloca[] : memref<f32>
        %11 = memref.load %alloca[] : memref<f32>
        %12 = memref.load %alloca_0[] : memref<i32>
        %c32_i32 = arith.constant 32 : i32
        %shuffleResult, %valid = gpu.shuffle  xor %11, %12, %c32_i32 : f32
        %13 = arith.addf %10, %shuffleResult : f32
        memref.store %13, %alloca[] : memref<f32>
        %14 = memref.load %alloca_0[] : memref<i32>
        %c1_i32_2 = arith.constant 1 : i32
        %15 = arith.shli %14, %c1_i32_2 : i32
        memref.store %15, %alloca_0[] : memref<i32>
        scf.yield
      }
      %thread_id_x_1 = gpu.thread_id  x
      %7 = arith.index_castui %thread_id_x_1 : index to i32
      %c31_i32 = arith.constant 31 : i32
      %8 = arith.andi %7, %c31_i32 : i32
      %c0_i32 = arith.constant 0 : i32
      %9 = arith.cmpi eq, %8, %c0_i32 : i32
      scf.if %9 {
        %10 = memref.load %alloca[] : memref<f32>
        %block_id_x_2 = gpu.block_id  x
        %11 = arith.index_castui %block_id_x_2 : index to i32
        %block_dim_x_3 = gpu.block_dim  x
        %12 = arith.index_castui %block_dim_x_3 : index to i32
        %13 = arith.muli %11, %12 : i32
        %thread_id_x_4 = gpu.thread_id  x
        %14 = arith.index_castui %thread_id_x_4 : index to i32
        %15 = arith.addi %13, %14 : i32
        %c32_i32 = arith.constant 32 : i32
        %16 = arith.divui %15, %c32_i32 : i32
        %17 = arith.index_castui %16 : i32 to index
        memref.store %10, %arg1[%17] : memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// __global__ void warp_sums(const float* x, float* out) {
//   float v = x[blockIdx.x * blockDim.x + threadIdx.x];
//   for (int off = 16; off > 0; off >>= 1)
//     v += __shfl_xor_sync(0xffffffff, v, off);
//   if ((threadIdx.x & 31) == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
// }

// CHECK-LABEL: gpu.func @warp_sums
// CHECK-NOT: kfix.repaired
module attributes {gpu.container_module, kfix.source = "shfl_ok.cu"} {
  gpu.module @kernels {
    gpu.func @warp_sums(%arg0: memref<?xf32>, %arg1: memref<?xf32>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *"], kfix.arg_names = ["x", "out"], kfix.name = "warp_sums", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "v"} : memref<f32>
      %alloca_0 = memref.alloca() {kfix.var = "off"} : memref<i32>
      %block_id_x = gpu.block_id  x
      %0 = arith.index_castui %block_id_x : index to i32
      %block_dim_x = gpu.block_dim  x
      %1 = arith.index_castui %block_dim_x : index to i32
      %2 = arith.muli %0, %1 : i32
      %thread_id_x = gpu.thread_id  x
      %3 = arith.index_castui %thread_id_x : index to i32
      %4 = arith.addi %2, %3 : i32
      %5 = arith.index_castui %4 : i32 to index
      %6 = memref.load %arg0[%5] : memref<?xf32>
      memref.store %6, %alloca[] : memref<f32>
      %c16_i32 = arith.constant 16 : i32
      memref.store %c16_i32, %alloca_0[] : memref<i32>
      scf.while : () -> () {
        %10 = memref.load %alloca_0[] : memref<i32>
        %c0_i32_2 = arith.constant 0 : i32
        %11 = arith.cmpi sgt, %10, %c0_i32_2 : i32
        scf.condition(%11)
      } do {
        %10 = memref.load %alloca[] : memref<f32>
        %11 = memref.load %alloca[] : memref<f32>
        %12 = memref.load %alloca_0[] : memref<i32>
        %c32_i32 = arith.constant 32 : i32
        %shuffleResult, %valid = gpu.shuffle  xor %11, %12, %c32_i32 : f32
        %13 = arith.addf %10, %shuffleResult : f32
        memref.store %13, %alloca[] : memref<f32>
        %14 = memref.load %alloca_0[] : memref<i32>
        %c1_i32 = arith.constant 1 : i32
        %15 = arith.shrsi %14, %c1_i32 : i32
        memref.store %15, %alloca_0[] : memref<i32>
        scf.yield
      }
      %thread_id_x_1 = gpu.thread_id  x
      %7 = arith.index_castui %thread_id_x_1 : index to i32
      %c31_i32 = arith.constant 31 : i32
      %8 = arith.andi %7, %c31_i32 : i32
      %c0_i32 = arith.constant 0 : i32
      %9 = arith.cmpi eq, %8, %c0_i32 : i32
      scf.if %9 {
        %10 = memref.load %alloca[] : memref<f32>
        %block_id_x_2 = gpu.block_id  x
        %11 = arith.index_castui %block_id_x_2 : index to i32
        %block_dim_x_3 = gpu.block_dim  x
        %12 = arith.index_castui %block_dim_x_3 : index to i32
        %13 = arith.muli %11, %12 : i32
        %thread_id_x_4 = gpu.thread_id  x
        %14 = arith.index_castui %thread_id_x_4 : index to i32
        %15 = arith.addi %13, %14 : i32
        %c32_i32 = arith.constant 32 : i32
        %16 = arith.divui %15, %c32_i32 : i32
        %17 = arith.index_castui %16 : i32 to index
        memref.store %10, %arg1[%17] : memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// __global__ void group8_sums(const float* x, float* out) {
//   float v = x[blockIdx.x * blockDim.x + threadIdx.x];
//   for (int off = 4; off > 0; off >>= 1)
//     v += __shfl_xor_sync(0xffffffff, v, off);
//   if ((threadIdx.x & 7) == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 8] = v;
// }

// The segmented reduction is left alone, aimed or not: the kernel groups its
// lanes by 8 (`threadIdx.x & 7`), and 4 is half a group.
// CHECK-LABEL: gpu.func @group8_sums
// CHECK-NOT: kfix.repaired
// AIMED-LABEL: gpu.func @group8_sums
// AIMED-NOT: kfix.repaired
// AIMED: gpu.return
module attributes {gpu.container_module, kfix.source = "shfl_seg.cu"} {
  gpu.module @kernels {
    gpu.func @group8_sums(%arg0: memref<?xf32> loc("shfl_seg.cu":1:17), %arg1: memref<?xf32> loc("shfl_seg.cu":1:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *"], kfix.arg_names = ["x", "out"], kfix.name = "group8_sums", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "v"} : memref<f32> loc("shfl_seg.cu":2:9)
      %alloca_0 = memref.alloca() {kfix.var = "off"} : memref<i32> loc("shfl_seg.cu":3:12)
      %block_id_x = gpu.block_id  x loc("shfl_seg.cu":2:15)
      %0 = arith.index_castui %block_id_x : index to i32 loc("shfl_seg.cu":2:15)
      %block_dim_x = gpu.block_dim  x loc("shfl_seg.cu":2:28)
      %1 = arith.index_castui %block_dim_x : index to i32 loc("shfl_seg.cu":2:28)
      %2 = arith.muli %0, %1 : i32 loc("shfl_seg.cu":2:26)
      %thread_id_x = gpu.thread_id  x loc("shfl_seg.cu":2:41)
      %3 = arith.index_castui %thread_id_x : index to i32 loc("shfl_seg.cu":2:41)
      %4 = arith.addi %2, %3 : i32 loc("shfl_seg.cu":2:39)
      %5 = arith.index_castui %4 : i32 to index loc("shfl_seg.cu":2:13)
      %6 = memref.load %arg0[%5] : memref<?xf32> loc("shfl_seg.cu":2:13)
      memref.store %6, %alloca[] : memref<f32> loc("shfl_seg.cu":2:9)
      %c4_i32 = arith.constant 4 : i32 loc("shfl_seg.cu":3:18)
      memref.store %c4_i32, %alloca_0[] : memref<i32> loc("shfl_seg.cu":3:12)
      scf.while : () -> () {
        %10 = memref.load %alloca_0[] : memref<i32> loc("shfl_seg.cu":3:21)
        %c0_i32_2 = arith.constant 0 : i32 loc("shfl_seg.cu":3:27)
        %11 = arith.cmpi sgt, %10, %c0_i32_2 : i32 loc("shfl_seg.cu":3:25)
        scf.condition(%11) loc("shfl_seg.cu":3:3)
      } do {
        %10 = memref.load %alloca[] : memref<f32> loc("shfl_seg.cu":4:7)
        %11 = memref.load %alloca[] : memref<f32> loc("shfl_seg.cu":4:38)
        %12 = memref.load %alloca_0[] : memref<i32> loc("shfl_seg.cu":4:41)
        %c32_i32 = arith.constant 32 : i32 loc("shfl_seg.cu":4:10)
        %shuffleResult, %valid = gpu.shuffle  xor %11, %12, %c32_i32 : f32 loc("shfl_seg.cu":4:10)
        %13 = arith.addf %10, %shuffleResult : f32 loc("shfl_seg.cu":4:7)
        memref.store %13, %alloca[] : memref<f32> loc("shfl_seg.cu":4:7)
        %14 = memref.load %alloca_0[] : memref<i32> loc("shfl_seg.cu":3:34)
        %c1_i32 = arith.constant 1 : i32 loc("shfl_seg.cu":3:38)
        %15 = arith.shrsi %14, %c1_i32 : i32 loc("shfl_seg.cu":3:34)
        memref.store %15, %alloca_0[] : memref<i32> loc("shfl_seg.cu":3:34)
        scf.yield loc("shfl_seg.cu":3:3)
      } loc("shfl_seg.cu":3:3)
      %thread_id_x_1 = gpu.thread_id  x loc("shfl_seg.cu":5:8)
      %7 = arith.index_castui %thread_id_x_1 : index to i32 loc("shfl_seg.cu":5:8)
      %c7_i32 = arith.constant 7 : i32 loc("shfl_seg.cu":5:22)
      %8 = arith.andi %7, %c7_i32 : i32 loc("shfl_seg.cu":5:20)
      %c0_i32 = arith.constant 0 : i32 loc("shfl_seg.cu":5:28)
      %9 = arith.cmpi eq, %8, %c0_i32 : i32 loc("shfl_seg.cu":5:25)
      scf.if %9 {
        %10 = memref.load %alloca[] : memref<f32> loc("shfl_seg.cu":5:82)
        %block_id_x_2 = gpu.block_id  x loc("shfl_seg.cu":5:36)
        %11 = arith.index_castui %block_id_x_2 : index to i32 loc("shfl_seg.cu":5:36)
        %block_dim_x_3 = gpu.block_dim  x loc("shfl_seg.cu":5:49)
        %12 = arith.index_castui %block_dim_x_3 : index to i32 loc("shfl_seg.cu":5:49)
        %13 = arith.muli %11, %12 : i32 loc("shfl_seg.cu":5:47)
        %thread_id_x_4 = gpu.thread_id  x loc("shfl_seg.cu":5:62)
        %14 = arith.index_castui %thread_id_x_4 : index to i32 loc("shfl_seg.cu":5:62)
        %15 = arith.addi %13, %14 : i32 loc("shfl_seg.cu":5:60)
        %c8_i32 = arith.constant 8 : i32 loc("shfl_seg.cu":5:77)
        %16 = arith.divui %15, %c8_i32 : i32 loc("shfl_seg.cu":5:75)
        %17 = arith.index_castui %16 : i32 to index loc("shfl_seg.cu":5:80)
        memref.store %10, %arg1[%17] : memref<?xf32> loc("shfl_seg.cu":5:80)
      } loc("shfl_seg.cu":5:3)
      gpu.return loc("shfl_seg.cu":6:1)
    } loc("shfl_seg.cu":1:17)
  } loc("shfl_seg.cu":1:1)
} loc("shfl_seg.cu":1:1)
