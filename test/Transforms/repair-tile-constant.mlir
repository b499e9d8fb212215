// RUN: kfix-opt --verify-each --kfix-repair-tile-constant='replace=64:32' %s | FileCheck %s
// RUN: kfix-opt --kfix-repair-tile-constant='replace=48:32' %s 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: kfix-opt --verify-each --kfix-repair-tile-constant='replace=64:32 loc=other.cu:3' %s | FileCheck %s --check-prefix=NONE2
// RUN: not kfix-opt --kfix-repair-tile-constant='replace=64' %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not kfix-opt --kfix-repair-tile-constant='replace=64:0' %s 2>&1 | FileCheck %s --check-prefix=ERR
// Lifted with kfix-translate --import-cuda --mlir-print-debuginfo from the CUDA source below:
// TILE is 64 while the launch uses 32-thread blocks. The block offset, the halo index
// TILE + 1 (folded to 65) and the shared array [TILE + 2] (66) all follow the new tile.

// #define TILE 64
// __global__ void staged(const float* x, float* y, int n) {
//   __shared__ float s[TILE + 2];
//   int base = blockIdx.x * TILE;
//   int i = base + threadIdx.x;
//   s[threadIdx.x + 1] = i < n ? x[i] : 0.f;
//   if (threadIdx.x == 0) s[TILE + 1] = 0.f;
//   __syncthreads();
//   if (i < n) y[i] = s[threadIdx.x] + s[threadIdx.x + 2];
// }

// CHECK-LABEL: gpu.func @staged
// CHECK-SAME: workgroup(%[[S:.*]] : memref<34xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: kfix.repaired = "kfix-repair-tile-constant"
// CHECK: %[[T:.*]] = arith.constant {kfix.repaired = "kfix-repair-tile-constant"} 32 : i32
// CHECK-NEXT: arith.muli %{{.*}}, %[[T]]
// CHECK: %[[H:.*]] = arith.constant {kfix.repaired = "kfix-repair-tile-constant"} 33 : i32
// CHECK-NOT: 64 : i32
// CHECK-NOT: 65 : i32
// NONE: warning: kfix-repair-tile-constant: not applied: no constant 48 in the kernel
// NONE-NOT: kfix.repaired
// NONE2-NOT: kfix.repaired
// ERR: error: kfix-repair-tile-constant: replace must be FROM:TO
#loc1 = loc("tile.cu":2:17)
module attributes {gpu.container_module, kfix.source = "tile.cu"} {
  gpu.module @kernels {
    gpu.func @staged(%arg0: memref<?xf32> loc("tile.cu":2:17), %arg1: memref<?xf32> loc("tile.cu":2:17), %arg2: i32 loc("tile.cu":2:17)) workgroup(%arg3 : memref<66xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "y", "n"], kfix.name = "staged", kfix.shared_names = ["s"]} {
      %alloca = memref.alloca() {kfix.var = "base"} : memref<i32> loc(#loc2)
      %alloca_0 = memref.alloca() {kfix.var = "i"} : memref<i32> loc(#loc3)
      %block_id_x = gpu.block_id  x loc(#loc4)
      %0 = arith.index_castui %block_id_x : index to i32 loc(#loc4)
      %c64_i32 = arith.constant 64 : i32 loc(#loc5)
      %1 = arith.muli %0, %c64_i32 : i32 loc(#loc6)
      memref.store %1, %alloca[] : memref<i32> loc(#loc2)
      %2 = memref.load %alloca[] : memref<i32> loc(#loc7)
      %thread_id_x = gpu.thread_id  x loc(#loc8)
      %3 = arith.index_castui %thread_id_x : index to i32 loc(#loc8)
      %4 = arith.addi %2, %3 : i32 loc(#loc9)
      memref.store %4, %alloca_0[] : memref<i32> loc(#loc3)
      %5 = memref.load %alloca_0[] : memref<i32> loc(#loc10)
      %6 = arith.cmpi slt, %5, %arg2 : i32 loc(#loc11)
      %7 = scf.if %6 -> (f32) {
        %15 = memref.load %alloca_0[] : memref<i32> loc(#loc12)
        %16 = arith.index_cast %15 : i32 to index loc(#loc13)
        %17 = memref.load %arg0[%16] : memref<?xf32> loc(#loc13)
        scf.yield %17 : f32 loc(#loc10)
      } else {
        %cst = arith.constant 0.000000e+00 : f32 loc(#loc14)
        scf.yield %cst : f32 loc(#loc10)
      } loc(#loc10)
      %thread_id_x_1 = gpu.thread_id  x loc(#loc15)
      %8 = arith.index_castui %thread_id_x_1 : index to i32 loc(#loc15)
      %c1_i32 = arith.constant 1 : i32 loc(#loc16)
      %9 = arith.addi %8, %c1_i32 : i32 loc(#loc17)
      %10 = arith.index_castui %9 : i32 to index loc(#loc18)
      memref.store %7, %arg3[%10] : memref<66xf32, #gpu.address_space<workgroup>> loc(#loc18)
      %thread_id_x_2 = gpu.thread_id  x loc(#loc19)
      %11 = arith.index_castui %thread_id_x_2 : index to i32 loc(#loc19)
      %c0_i32 = arith.constant 0 : i32 loc(#loc20)
      %12 = arith.cmpi eq, %11, %c0_i32 : i32 loc(#loc21)
      scf.if %12 {
        %cst = arith.constant 0.000000e+00 : f32 loc(#loc23)
        %c65_i32 = arith.constant 65 : i32 loc(#loc24)
        %15 = arith.index_cast %c65_i32 : i32 to index loc(#loc25)
        memref.store %cst, %arg3[%15] : memref<66xf32, #gpu.address_space<workgroup>> loc(#loc25)
      } loc(#loc22)
      gpu.barrier loc(#loc26)
      %13 = memref.load %alloca_0[] : memref<i32> loc(#loc27)
      %14 = arith.cmpi slt, %13, %arg2 : i32 loc(#loc28)
      scf.if %14 {
        %thread_id_x_3 = gpu.thread_id  x loc(#loc30)
        %15 = arith.index_castui %thread_id_x_3 : index to i32 loc(#loc30)
        %16 = arith.index_castui %15 : i32 to index loc(#loc31)
        %17 = memref.load %arg3[%16] : memref<66xf32, #gpu.address_space<workgroup>> loc(#loc31)
        %thread_id_x_4 = gpu.thread_id  x loc(#loc32)
        %18 = arith.index_castui %thread_id_x_4 : index to i32 loc(#loc32)
        %c2_i32 = arith.constant 2 : i32 loc(#loc33)
        %19 = arith.addi %18, %c2_i32 : i32 loc(#loc34)
        %20 = arith.index_castui %19 : i32 to index loc(#loc35)
        %21 = memref.load %arg3[%20] : memref<66xf32, #gpu.address_space<workgroup>> loc(#loc35)
        %22 = arith.addf %17, %21 : f32 loc(#loc36)
        %23 = memref.load %alloca_0[] : memref<i32> loc(#loc37)
        %24 = arith.index_cast %23 : i32 to index loc(#loc38)
        memref.store %22, %arg1[%24] : memref<?xf32> loc(#loc38)
      } loc(#loc29)
      gpu.return loc(#loc39)
    } loc(#loc1)
  } loc(#loc)
} loc(#loc)
#loc = loc("tile.cu":1:1)
#loc2 = loc("tile.cu":4:7)
#loc3 = loc("tile.cu":5:7)
#loc4 = loc("tile.cu":4:14)
#loc5 = loc("tile.cu":4:27)
#loc6 = loc("tile.cu":4:25)
#loc7 = loc("tile.cu":5:11)
#loc8 = loc("tile.cu":5:18)
#loc9 = loc("tile.cu":5:16)
#loc10 = loc("tile.cu":6:24)
#loc11 = loc("tile.cu":6:26)
#loc12 = loc("tile.cu":6:34)
#loc13 = loc("tile.cu":6:32)
#loc14 = loc("tile.cu":6:39)
#loc15 = loc("tile.cu":6:5)
#loc16 = loc("tile.cu":6:19)
#loc17 = loc("tile.cu":6:17)
#loc18 = loc("tile.cu":6:22)
#loc19 = loc("tile.cu":7:7)
#loc20 = loc("tile.cu":7:22)
#loc21 = loc("tile.cu":7:19)
#loc22 = loc("tile.cu":7:3)
#loc23 = loc("tile.cu":7:39)
#loc24 = loc("tile.cu":7:32)
#loc25 = loc("tile.cu":7:37)
#loc26 = loc("tile.cu":8:3)
#loc27 = loc("tile.cu":9:7)
#loc28 = loc("tile.cu":9:9)
#loc29 = loc("tile.cu":9:3)
#loc30 = loc("tile.cu":9:23)
#loc31 = loc("tile.cu":9:21)
#loc32 = loc("tile.cu":9:40)
#loc33 = loc("tile.cu":9:54)
#loc34 = loc("tile.cu":9:52)
#loc35 = loc("tile.cu":9:38)
#loc36 = loc("tile.cu":9:36)
#loc37 = loc("tile.cu":9:16)
#loc38 = loc("tile.cu":9:19)
#loc39 = loc("tile.cu":10:1)
