// RUN: kfix-opt --verify-each --kfix-repair-transposed-index='shape=B[K][N]' %s | FileCheck %s --check-prefix=SWAP
// RUN: kfix-opt --verify-each --kfix-repair-transposed-index='shape=B[K][N] fix=stride' %s | FileCheck %s --check-prefix=STRIDE
// RUN: kfix-opt --verify-each --kfix-repair-transposed-index='shape=A[M][K]' %s | FileCheck %s --check-prefix=SAME
// RUN: kfix-opt --verify-each --kfix-repair-transposed-index='shape=C[M][N] fix=stride' %s | FileCheck %s --check-prefix=SAME
// RUN: kfix-opt --verify-each --kfix-repair-transposed-index='shape=B[?][N] loc=mm.cu:7' %s | FileCheck %s --check-prefix=SAME
// RUN: not kfix-opt --kfix-repair-transposed-index='shape=B[K' %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not kfix-opt --kfix-repair-transposed-index='shape=B[K][N] fix=both' %s 2>&1 | FileCheck %s --check-prefix=ERR2
// Lifted with kfix-translate --import-cuda --mlir-print-debuginfo from the CUDA source below.
// B is declared K x N (row-major): B[col * K + k] contradicts it (stride K is not N).

// __global__ void mm(const float* A, const float* B, float* C, int M, int N, int K) {
//   int row = blockIdx.y * blockDim.y + threadIdx.y;
//   int col = blockIdx.x * blockDim.x + threadIdx.x;
//   if (row < M && col < N) {
//     float s = 0.0f;
//     for (int k = 0; k < K; ++k) s += A[row * K + k] * B[col * K + k];
//     C[row * N + col] = s;
//   }
// }

// SWAP-LABEL: gpu.func @mm
// SWAP: %[[COLV:.*]] = memref.alloca() {kfix.var = "col"}
// SWAP: %[[KV:.*]] = memref.alloca() {kfix.var = "k"}
// SWAP: memref.load %arg0
// SWAP: %[[COL:.*]] = memref.load %[[COLV]][]
// SWAP-NEXT: %[[K:.*]] = memref.load %[[KV]][]
// SWAP: %[[MUL:.*]] = arith.muli %[[K]], %arg4 {kfix.repaired = "kfix-repair-transposed-index"}
// SWAP-NEXT: %[[ADD:.*]] = arith.addi %[[MUL]], %[[COL]] {kfix.repaired
// SWAP-NEXT: %[[I:.*]] = arith.index_cast %[[ADD]]
// SWAP-NEXT: memref.load %arg1[%[[I]]] {kfix.repaired = "kfix-repair-transposed-index"}
// SWAP-NOT: kfix.repaired
// STRIDE-LABEL: gpu.func @mm
// STRIDE: %[[COLV:.*]] = memref.alloca() {kfix.var = "col"}
// STRIDE: memref.load %arg0
// STRIDE: %[[COL:.*]] = memref.load %[[COLV]][]
// STRIDE-NEXT: arith.muli %[[COL]], %arg4 {kfix.repaired = "kfix-repair-transposed-index"}
// STRIDE: memref.load %arg1[%{{.*}}] {kfix.repaired
// STRIDE-NOT: kfix.repaired
// SAME-LABEL: gpu.func @mm
// SAME-NOT: kfix.repaired
// ERR: error: kfix-repair-transposed-index: shape must be NAME[d0][d1]...
// ERR2: error: {{.*}}fix must be swap, stride or relayout
#loc1 = loc("mm.cu":1:17)
module attributes {gpu.container_module, kfix.source = "mm.cu"} {
  gpu.module @kernels {
    gpu.func @mm(%arg0: memref<?xf32> loc("mm.cu":1:17), %arg1: memref<?xf32> loc("mm.cu":1:17), %arg2: memref<?xf32> loc("mm.cu":1:17), %arg3: i32 loc("mm.cu":1:17), %arg4: i32 loc("mm.cu":1:17), %arg5: i32 loc("mm.cu":1:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "const float *", "float *", "int", "int", "int"], kfix.arg_names = ["A", "B", "C", "M", "N", "K"], kfix.name = "mm", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "row"} : memref<i32> loc(#loc2)
      %alloca_0 = memref.alloca() {kfix.var = "col"} : memref<i32> loc(#loc3)
      %alloca_1 = memref.alloca() {kfix.var = "s"} : memref<f32> loc(#loc4)
      %alloca_2 = memref.alloca() {kfix.var = "k"} : memref<i32> loc(#loc5)
      %block_id_y = gpu.block_id  y loc(#loc6)
      %0 = arith.index_castui %block_id_y : index to i32 loc(#loc6)
      %block_dim_y = gpu.block_dim  y loc(#loc7)
      %1 = arith.index_castui %block_dim_y : index to i32 loc(#loc7)
      %2 = arith.muli %0, %1 : i32 loc(#loc8)
      %thread_id_y = gpu.thread_id  y loc(#loc9)
      %3 = arith.index_castui %thread_id_y : index to i32 loc(#loc9)
      %4 = arith.addi %2, %3 : i32 loc(#loc10)
      memref.store %4, %alloca[] : memref<i32> loc(#loc2)
      %block_id_x = gpu.block_id  x loc(#loc11)
      %5 = arith.index_castui %block_id_x : index to i32 loc(#loc11)
      %block_dim_x = gpu.block_dim  x loc(#loc12)
      %6 = arith.index_castui %block_dim_x : index to i32 loc(#loc12)
      %7 = arith.muli %5, %6 : i32 loc(#loc13)
      %thread_id_x = gpu.thread_id  x loc(#loc14)
      %8 = arith.index_castui %thread_id_x : index to i32 loc(#loc14)
      %9 = arith.addi %7, %8 : i32 loc(#loc15)
      memref.store %9, %alloca_0[] : memref<i32> loc(#loc3)
      %10 = memref.load %alloca[] : memref<i32> loc(#loc16)
      %11 = arith.cmpi slt, %10, %arg3 : i32 loc(#loc17)
      %12 = memref.load %alloca_0[] : memref<i32> loc(#loc18)
      %13 = arith.cmpi slt, %12, %arg4 : i32 loc(#loc19)
      %14 = arith.andi %11, %13 : i1 loc(#loc20)
      scf.if %14 {
        %cst = arith.constant 0.000000e+00 : f32 loc(#loc22)
        memref.store %cst, %alloca_1[] : memref<f32> loc(#loc4)
        %c0_i32 = arith.constant 0 : i32 loc(#loc23)
        %c1_i32 = arith.constant 1 : i32 loc(#loc5)
        scf.for %arg6 = %c0_i32 to %arg5 step %c1_i32  : i32 {
          memref.store %arg6, %alloca_2[] : memref<i32> loc(#loc5)
          %21 = memref.load %alloca_1[] : memref<f32> loc(#loc24)
          %22 = memref.load %alloca[] : memref<i32> loc(#loc25)
          %23 = arith.muli %22, %arg5 : i32 loc(#loc26)
          %24 = memref.load %alloca_2[] : memref<i32> loc(#loc27)
          %25 = arith.addi %23, %24 : i32 loc(#loc28)
          %26 = arith.index_cast %25 : i32 to index loc(#loc29)
          %27 = memref.load %arg0[%26] : memref<?xf32> loc(#loc29)
          %28 = memref.load %alloca_0[] : memref<i32> loc(#loc30)
          %29 = arith.muli %28, %arg5 : i32 loc(#loc31)
          %30 = memref.load %alloca_2[] : memref<i32> loc(#loc32)
          %31 = arith.addi %29, %30 : i32 loc(#loc33)
          %32 = arith.index_cast %31 : i32 to index loc(#loc34)
          %33 = memref.load %arg1[%32] : memref<?xf32> loc(#loc34)
          %34 = arith.mulf %27, %33 : f32 loc(#loc35)
          %35 = arith.addf %21, %34 : f32 loc(#loc24)
          memref.store %35, %alloca_1[] : memref<f32> loc(#loc24)
        } loc(#loc5)
        %15 = memref.load %alloca_1[] : memref<f32> loc(#loc36)
        %16 = memref.load %alloca[] : memref<i32> loc(#loc37)
        %17 = arith.muli %16, %arg4 : i32 loc(#loc38)
        %18 = memref.load %alloca_0[] : memref<i32> loc(#loc39)
        %19 = arith.addi %17, %18 : i32 loc(#loc40)
        %20 = arith.index_cast %19 : i32 to index loc(#loc41)
        memref.store %15, %arg2[%20] : memref<?xf32> loc(#loc41)
      } loc(#loc21)
      gpu.return loc(#loc42)
    } loc(#loc1)
  } loc(#loc)
} loc(#loc)
#loc = loc("mm.cu":1:1)
#loc2 = loc("mm.cu":2:7)
#loc3 = loc("mm.cu":3:7)
#loc4 = loc("mm.cu":5:11)
#loc5 = loc("mm.cu":6:5)
#loc6 = loc("mm.cu":2:13)
#loc7 = loc("mm.cu":2:26)
#loc8 = loc("mm.cu":2:24)
#loc9 = loc("mm.cu":2:39)
#loc10 = loc("mm.cu":2:37)
#loc11 = loc("mm.cu":3:13)
#loc12 = loc("mm.cu":3:26)
#loc13 = loc("mm.cu":3:24)
#loc14 = loc("mm.cu":3:39)
#loc15 = loc("mm.cu":3:37)
#loc16 = loc("mm.cu":4:7)
#loc17 = loc("mm.cu":4:11)
#loc18 = loc("mm.cu":4:18)
#loc19 = loc("mm.cu":4:22)
#loc20 = loc("mm.cu":4:15)
#loc21 = loc("mm.cu":4:3)
#loc22 = loc("mm.cu":5:15)
#loc23 = loc("mm.cu":6:18)
#loc24 = loc("mm.cu":6:35)
#loc25 = loc("mm.cu":6:40)
#loc26 = loc("mm.cu":6:44)
#loc27 = loc("mm.cu":6:50)
#loc28 = loc("mm.cu":6:48)
#loc29 = loc("mm.cu":6:38)
#loc30 = loc("mm.cu":6:57)
#loc31 = loc("mm.cu":6:61)
#loc32 = loc("mm.cu":6:67)
#loc33 = loc("mm.cu":6:65)
#loc34 = loc("mm.cu":6:55)
#loc35 = loc("mm.cu":6:53)
#loc36 = loc("mm.cu":7:24)
#loc37 = loc("mm.cu":7:7)
#loc38 = loc("mm.cu":7:11)
#loc39 = loc("mm.cu":7:17)
#loc40 = loc("mm.cu":7:15)
#loc41 = loc("mm.cu":7:22)
#loc42 = loc("mm.cu":9:1)
