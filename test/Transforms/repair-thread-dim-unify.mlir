// RUN: kfix-opt --verify-each --kfix-repair-thread-dim='fix=unify block=32x4' %s | FileCheck %s --check-prefix=UNIFY
// RUN: kfix-opt --verify-each --kfix-repair-thread-dim='fix=unify' %s | FileCheck %s --check-prefix=NOBLOCK
// RUN: kfix-opt --verify-each --kfix-repair-thread-dim='fix=unify loc=dims.cu:9' %s | FileCheck %s --check-prefix=LOC
// RUN: kfix-opt --verify-each --kfix-repair-thread-dim='fix=exchange from=x to=y' %s | FileCheck %s --check-prefix=EXCH
// RUN: not kfix-opt --kfix-repair-thread-dim='fix=unify block=32xfoo' %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not kfix-opt --kfix-repair-thread-dim='fix=transpose' %s 2>&1 | FileCheck %s --check-prefix=ERR2
// Lifted with kfix-translate --import-cuda --mlir-print-debuginfo from the CUDA source below.
// fix=unify makes the dimensions of each index agree; fix=exchange swaps x and y in kernels
// that have consistent x and y indices (`swapped`, and `gstride`, whose fix is unify).

// __global__ void attn(const float* q, float* s, int S) {
//   int j = blockIdx.x * blockDim.x + threadIdx.x;
//   int i = blockIdx.y * blockDim.x + threadIdx.x;
//   if (i < S && j < S) s[i * S + j] = q[i] * q[j];
// }
// __global__ void colsum(const float* in, float* out, int rows, int cols) {
//   int col = blockIdx.x * blockDim.x + threadIdx.x;
//   float acc = 0.f;
//   for (int r = threadIdx.x; r < rows; r += blockDim.y) acc += in[r * cols + col];
//   out[threadIdx.y * cols + col] = acc;
// }
// __global__ void gstride(const float* x, float* y, int R, int C) {
//   for (int r = blockIdx.y * blockDim.y + threadIdx.y; r < R; r += blockDim.y * gridDim.x)
//     for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < C; c += blockDim.x * gridDim.x)
//       y[r * C + c] = x[r * C + c];
// }
// __global__ void rows4(const float* x, float* y, int n) {
//   int i = blockIdx.x * 4 + threadIdx.x;
//   if (i < n) y[i] = x[i];
// }
// __global__ void swapped(const float* x, float* y, int M, int N) {
//   int row = blockIdx.x * blockDim.x + threadIdx.x;
//   int col = blockIdx.y * blockDim.y + threadIdx.y;
//   if (row < M && col < N) y[row * N + col] = x[row * N + col];
// }
// __global__ void oned(const float* x, float* y, int n) {
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   if (i < n) y[i] = x[i];
// }

// UNIFY-LABEL: gpu.func @attn
// UNIFY: gpu.block_id x
// UNIFY: gpu.block_dim x
// UNIFY: gpu.thread_id x
// UNIFY: gpu.block_id y
// UNIFY-NEXT: arith.index_castui
// UNIFY-NEXT: gpu.block_dim y {kfix.repaired = "kfix-repair-thread-dim"}
// UNIFY: gpu.thread_id y {kfix.repaired = "kfix-repair-thread-dim"}
// UNIFY-LABEL: gpu.func @colsum
// UNIFY: %[[TY:.*]] = gpu.thread_id y {kfix.repaired = "kfix-repair-thread-dim"}
// UNIFY: %[[LB:.*]] = arith.index_castui %[[TY]]
// UNIFY: scf.for %{{.*}} = %[[LB]] to
// UNIFY-LABEL: gpu.func @gstride
// UNIFY: gpu.grid_dim y {kfix.repaired = "kfix-repair-thread-dim"}
// UNIFY-NEXT: arith.index_castui
// UNIFY-NEXT: arith.muli
// UNIFY-LABEL: gpu.func @rows4
// UNIFY: gpu.thread_id y {kfix.repaired = "kfix-repair-thread-dim"}
// UNIFY-LABEL: gpu.func @swapped
// UNIFY-NOT: kfix.repaired
// UNIFY-LABEL: gpu.func @oned
// UNIFY-NOT: kfix.repaired

// Without the launch's block, `blockIdx.x * 4 + threadIdx.x` is left alone.
// NOBLOCK-LABEL: gpu.func @rows4
// NOBLOCK-NOT: kfix.repaired
// NOBLOCK-LABEL: gpu.func @swapped

// LOC-LABEL: gpu.func @attn
// LOC-NOT: kfix.repaired
// LOC-LABEL: gpu.func @colsum
// LOC: gpu.thread_id y {kfix.repaired
// LOC-LABEL: gpu.func @gstride
// LOC-NOT: kfix.repaired

// EXCH-LABEL: gpu.func @attn
// EXCH-NOT: kfix.repaired
// EXCH-LABEL: gpu.func @gstride
// EXCH: kfix.repaired
// EXCH-LABEL: gpu.func @swapped
// EXCH: gpu.block_id y {kfix.repaired
// EXCH: gpu.block_dim y {kfix.repaired
// EXCH: gpu.thread_id y {kfix.repaired
// EXCH: gpu.block_id x {kfix.repaired
// EXCH-LABEL: gpu.func @oned
// EXCH-NOT: kfix.repaired

// ERR: error: kfix-repair-thread-dim: block must be XxYxZ, not '32xfoo'
// ERR2: error: kfix-repair-thread-dim: fix must be retarget, unify or exchange
#loc1 = loc("dims.cu":1:17)
#loc31 = loc("dims.cu":6:17)
#loc56 = loc("dims.cu":12:17)
#loc86 = loc("dims.cu":17:17)
#loc101 = loc("dims.cu":21:17)
#loc131 = loc("dims.cu":26:17)
module attributes {gpu.container_module, kfix.source = "dims.cu"} {
  gpu.module @kernels {
    gpu.func @attn(%arg0: memref<?xf32> loc("dims.cu":1:17), %arg1: memref<?xf32> loc("dims.cu":1:17), %arg2: i32 loc("dims.cu":1:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["q", "s", "S"], kfix.name = "attn", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "j"} : memref<i32> loc(#loc2)
      %alloca_0 = memref.alloca() {kfix.var = "i"} : memref<i32> loc(#loc3)
      %block_id_x = gpu.block_id  x loc(#loc4)
      %0 = arith.index_castui %block_id_x : index to i32 loc(#loc4)
      %block_dim_x = gpu.block_dim  x loc(#loc5)
      %1 = arith.index_castui %block_dim_x : index to i32 loc(#loc5)
      %2 = arith.muli %0, %1 : i32 loc(#loc6)
      %thread_id_x = gpu.thread_id  x loc(#loc7)
      %3 = arith.index_castui %thread_id_x : index to i32 loc(#loc7)
      %4 = arith.addi %2, %3 : i32 loc(#loc8)
      memref.store %4, %alloca[] : memref<i32> loc(#loc2)
      %block_id_y = gpu.block_id  y loc(#loc9)
      %5 = arith.index_castui %block_id_y : index to i32 loc(#loc9)
      %block_dim_x_1 = gpu.block_dim  x loc(#loc10)
      %6 = arith.index_castui %block_dim_x_1 : index to i32 loc(#loc10)
      %7 = arith.muli %5, %6 : i32 loc(#loc11)
      %thread_id_x_2 = gpu.thread_id  x loc(#loc12)
      %8 = arith.index_castui %thread_id_x_2 : index to i32 loc(#loc12)
      %9 = arith.addi %7, %8 : i32 loc(#loc13)
      memref.store %9, %alloca_0[] : memref<i32> loc(#loc3)
      %10 = memref.load %alloca_0[] : memref<i32> loc(#loc14)
      %11 = arith.cmpi slt, %10, %arg2 : i32 loc(#loc15)
      %12 = memref.load %alloca[] : memref<i32> loc(#loc16)
      %13 = arith.cmpi slt, %12, %arg2 : i32 loc(#loc17)
      %14 = arith.andi %11, %13 : i1 loc(#loc18)
      scf.if %14 {
        %15 = memref.load %alloca_0[] : memref<i32> loc(#loc20)
        %16 = arith.index_cast %15 : i32 to index loc(#loc21)
        %17 = memref.load %arg0[%16] : memref<?xf32> loc(#loc21)
        %18 = memref.load %alloca[] : memref<i32> loc(#loc22)
        %19 = arith.index_cast %18 : i32 to index loc(#loc23)
        %20 = memref.load %arg0[%19] : memref<?xf32> loc(#loc23)
        %21 = arith.mulf %17, %20 : f32 loc(#loc24)
        %22 = memref.load %alloca_0[] : memref<i32> loc(#loc25)
        %23 = arith.muli %22, %arg2 : i32 loc(#loc26)
        %24 = memref.load %alloca[] : memref<i32> loc(#loc27)
        %25 = arith.addi %23, %24 : i32 loc(#loc28)
        %26 = arith.index_cast %25 : i32 to index loc(#loc29)
        memref.store %21, %arg1[%26] : memref<?xf32> loc(#loc29)
      } loc(#loc19)
      gpu.return loc(#loc30)
    } loc(#loc1)
    gpu.func @colsum(%arg0: memref<?xf32> loc("dims.cu":6:17), %arg1: memref<?xf32> loc("dims.cu":6:17), %arg2: i32 loc("dims.cu":6:17), %arg3: i32 loc("dims.cu":6:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int", "int"], kfix.arg_names = ["in", "out", "rows", "cols"], kfix.name = "colsum", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "col"} : memref<i32> loc(#loc32)
      %alloca_0 = memref.alloca() {kfix.var = "acc"} : memref<f32> loc(#loc33)
      %alloca_1 = memref.alloca() {kfix.var = "r"} : memref<i32> loc(#loc34)
      %block_id_x = gpu.block_id  x loc(#loc35)
      %0 = arith.index_castui %block_id_x : index to i32 loc(#loc35)
      %block_dim_x = gpu.block_dim  x loc(#loc36)
      %1 = arith.index_castui %block_dim_x : index to i32 loc(#loc36)
      %2 = arith.muli %0, %1 : i32 loc(#loc37)
      %thread_id_x = gpu.thread_id  x loc(#loc38)
      %3 = arith.index_castui %thread_id_x : index to i32 loc(#loc38)
      %4 = arith.addi %2, %3 : i32 loc(#loc39)
      memref.store %4, %alloca[] : memref<i32> loc(#loc32)
      %cst = arith.constant 0.000000e+00 : f32 loc(#loc40)
      memref.store %cst, %alloca_0[] : memref<f32> loc(#loc33)
      %thread_id_x_2 = gpu.thread_id  x loc(#loc41)
      %5 = arith.index_castui %thread_id_x_2 : index to i32 loc(#loc41)
      %block_dim_y = gpu.block_dim  y loc(#loc42)
      %6 = arith.index_castui %block_dim_y : index to i32 loc(#loc42)
      scf.for %arg4 = %5 to %arg2 step %6  : i32 {
        memref.store %arg4, %alloca_1[] : memref<i32> loc(#loc34)
        %13 = memref.load %alloca_0[] : memref<f32> loc(#loc43)
        %14 = memref.load %alloca_1[] : memref<i32> loc(#loc44)
        %15 = arith.muli %14, %arg3 : i32 loc(#loc45)
        %16 = memref.load %alloca[] : memref<i32> loc(#loc46)
        %17 = arith.addi %15, %16 : i32 loc(#loc47)
        %18 = arith.index_cast %17 : i32 to index loc(#loc48)
        %19 = memref.load %arg0[%18] : memref<?xf32> loc(#loc48)
        %20 = arith.addf %13, %19 : f32 loc(#loc43)
        memref.store %20, %alloca_0[] : memref<f32> loc(#loc43)
      } loc(#loc34)
      %7 = memref.load %alloca_0[] : memref<f32> loc(#loc49)
      %thread_id_y = gpu.thread_id  y loc(#loc50)
      %8 = arith.index_castui %thread_id_y : index to i32 loc(#loc50)
      %9 = arith.muli %8, %arg3 : i32 loc(#loc51)
      %10 = memref.load %alloca[] : memref<i32> loc(#loc52)
      %11 = arith.addi %9, %10 : i32 loc(#loc53)
      %12 = arith.index_castui %11 : i32 to index loc(#loc54)
      memref.store %7, %arg1[%12] : memref<?xf32> loc(#loc54)
      gpu.return loc(#loc55)
    } loc(#loc31)
    gpu.func @gstride(%arg0: memref<?xf32> loc("dims.cu":12:17), %arg1: memref<?xf32> loc("dims.cu":12:17), %arg2: i32 loc("dims.cu":12:17), %arg3: i32 loc("dims.cu":12:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int", "int"], kfix.arg_names = ["x", "y", "R", "C"], kfix.name = "gstride", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "r"} : memref<i32> loc(#loc57)
      %alloca_0 = memref.alloca() {kfix.var = "c"} : memref<i32> loc(#loc58)
      %block_id_y = gpu.block_id  y loc(#loc59)
      %0 = arith.index_castui %block_id_y : index to i32 loc(#loc59)
      %block_dim_y = gpu.block_dim  y loc(#loc60)
      %1 = arith.index_castui %block_dim_y : index to i32 loc(#loc60)
      %2 = arith.muli %0, %1 : i32 loc(#loc61)
      %thread_id_y = gpu.thread_id  y loc(#loc62)
      %3 = arith.index_castui %thread_id_y : index to i32 loc(#loc62)
      %4 = arith.addi %2, %3 : i32 loc(#loc63)
      %block_dim_y_1 = gpu.block_dim  y loc(#loc64)
      %5 = arith.index_castui %block_dim_y_1 : index to i32 loc(#loc64)
      %grid_dim_x = gpu.grid_dim  x loc(#loc65)
      %6 = arith.index_castui %grid_dim_x : index to i32 loc(#loc65)
      %7 = arith.muli %5, %6 : i32 loc(#loc66)
      scf.for %arg4 = %4 to %arg2 step %7  : i32 {
        memref.store %arg4, %alloca[] : memref<i32> loc(#loc57)
        %block_id_x = gpu.block_id  x loc(#loc67)
        %8 = arith.index_castui %block_id_x : index to i32 loc(#loc67)
        %block_dim_x = gpu.block_dim  x loc(#loc68)
        %9 = arith.index_castui %block_dim_x : index to i32 loc(#loc68)
        %10 = arith.muli %8, %9 : i32 loc(#loc69)
        %thread_id_x = gpu.thread_id  x loc(#loc70)
        %11 = arith.index_castui %thread_id_x : index to i32 loc(#loc70)
        %12 = arith.addi %10, %11 : i32 loc(#loc71)
        %block_dim_x_2 = gpu.block_dim  x loc(#loc72)
        %13 = arith.index_castui %block_dim_x_2 : index to i32 loc(#loc72)
        %grid_dim_x_3 = gpu.grid_dim  x loc(#loc73)
        %14 = arith.index_castui %grid_dim_x_3 : index to i32 loc(#loc73)
        %15 = arith.muli %13, %14 : i32 loc(#loc74)
        scf.for %arg5 = %12 to %arg3 step %15  : i32 {
          memref.store %arg5, %alloca_0[] : memref<i32> loc(#loc58)
          %16 = memref.load %alloca[] : memref<i32> loc(#loc75)
          %17 = arith.muli %16, %arg3 : i32 loc(#loc76)
          %18 = memref.load %alloca_0[] : memref<i32> loc(#loc77)
          %19 = arith.addi %17, %18 : i32 loc(#loc78)
          %20 = arith.index_cast %19 : i32 to index loc(#loc79)
          %21 = memref.load %arg0[%20] : memref<?xf32> loc(#loc79)
          %22 = memref.load %alloca[] : memref<i32> loc(#loc80)
          %23 = arith.muli %22, %arg3 : i32 loc(#loc81)
          %24 = memref.load %alloca_0[] : memref<i32> loc(#loc82)
          %25 = arith.addi %23, %24 : i32 loc(#loc83)
          %26 = arith.index_cast %25 : i32 to index loc(#loc84)
          memref.store %21, %arg1[%26] : memref<?xf32> loc(#loc84)
        } loc(#loc58)
      } loc(#loc57)
      gpu.return loc(#loc85)
    } loc(#loc56)
    gpu.func @rows4(%arg0: memref<?xf32> loc("dims.cu":17:17), %arg1: memref<?xf32> loc("dims.cu":17:17), %arg2: i32 loc("dims.cu":17:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "y", "n"], kfix.name = "rows4", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "i"} : memref<i32> loc(#loc87)
      %block_id_x = gpu.block_id  x loc(#loc88)
      %0 = arith.index_castui %block_id_x : index to i32 loc(#loc88)
      %c4_i32 = arith.constant 4 : i32 loc(#loc89)
      %1 = arith.muli %0, %c4_i32 : i32 loc(#loc90)
      %thread_id_x = gpu.thread_id  x loc(#loc91)
      %2 = arith.index_castui %thread_id_x : index to i32 loc(#loc91)
      %3 = arith.addi %1, %2 : i32 loc(#loc92)
      memref.store %3, %alloca[] : memref<i32> loc(#loc87)
      %4 = memref.load %alloca[] : memref<i32> loc(#loc93)
      %5 = arith.cmpi slt, %4, %arg2 : i32 loc(#loc94)
      scf.if %5 {
        %6 = memref.load %alloca[] : memref<i32> loc(#loc96)
        %7 = arith.index_cast %6 : i32 to index loc(#loc97)
        %8 = memref.load %arg0[%7] : memref<?xf32> loc(#loc97)
        %9 = memref.load %alloca[] : memref<i32> loc(#loc98)
        %10 = arith.index_cast %9 : i32 to index loc(#loc99)
        memref.store %8, %arg1[%10] : memref<?xf32> loc(#loc99)
      } loc(#loc95)
      gpu.return loc(#loc100)
    } loc(#loc86)
    gpu.func @swapped(%arg0: memref<?xf32> loc("dims.cu":21:17), %arg1: memref<?xf32> loc("dims.cu":21:17), %arg2: i32 loc("dims.cu":21:17), %arg3: i32 loc("dims.cu":21:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int", "int"], kfix.arg_names = ["x", "y", "M", "N"], kfix.name = "swapped", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "row"} : memref<i32> loc(#loc102)
      %alloca_0 = memref.alloca() {kfix.var = "col"} : memref<i32> loc(#loc103)
      %block_id_x = gpu.block_id  x loc(#loc104)
      %0 = arith.index_castui %block_id_x : index to i32 loc(#loc104)
      %block_dim_x = gpu.block_dim  x loc(#loc105)
      %1 = arith.index_castui %block_dim_x : index to i32 loc(#loc105)
      %2 = arith.muli %0, %1 : i32 loc(#loc106)
      %thread_id_x = gpu.thread_id  x loc(#loc107)
      %3 = arith.index_castui %thread_id_x : index to i32 loc(#loc107)
      %4 = arith.addi %2, %3 : i32 loc(#loc108)
      memref.store %4, %alloca[] : memref<i32> loc(#loc102)
      %block_id_y = gpu.block_id  y loc(#loc109)
      %5 = arith.index_castui %block_id_y : index to i32 loc(#loc109)
      %block_dim_y = gpu.block_dim  y loc(#loc110)
      %6 = arith.index_castui %block_dim_y : index to i32 loc(#loc110)
      %7 = arith.muli %5, %6 : i32 loc(#loc111)
      %thread_id_y = gpu.thread_id  y loc(#loc112)
      %8 = arith.index_castui %thread_id_y : index to i32 loc(#loc112)
      %9 = arith.addi %7, %8 : i32 loc(#loc113)
      memref.store %9, %alloca_0[] : memref<i32> loc(#loc103)
      %10 = memref.load %alloca[] : memref<i32> loc(#loc114)
      %11 = arith.cmpi slt, %10, %arg2 : i32 loc(#loc115)
      %12 = memref.load %alloca_0[] : memref<i32> loc(#loc116)
      %13 = arith.cmpi slt, %12, %arg3 : i32 loc(#loc117)
      %14 = arith.andi %11, %13 : i1 loc(#loc118)
      scf.if %14 {
        %15 = memref.load %alloca[] : memref<i32> loc(#loc120)
        %16 = arith.muli %15, %arg3 : i32 loc(#loc121)
        %17 = memref.load %alloca_0[] : memref<i32> loc(#loc122)
        %18 = arith.addi %16, %17 : i32 loc(#loc123)
        %19 = arith.index_cast %18 : i32 to index loc(#loc124)
        %20 = memref.load %arg0[%19] : memref<?xf32> loc(#loc124)
        %21 = memref.load %alloca[] : memref<i32> loc(#loc125)
        %22 = arith.muli %21, %arg3 : i32 loc(#loc126)
        %23 = memref.load %alloca_0[] : memref<i32> loc(#loc127)
        %24 = arith.addi %22, %23 : i32 loc(#loc128)
        %25 = arith.index_cast %24 : i32 to index loc(#loc129)
        memref.store %20, %arg1[%25] : memref<?xf32> loc(#loc129)
      } loc(#loc119)
      gpu.return loc(#loc130)
    } loc(#loc101)
    gpu.func @oned(%arg0: memref<?xf32> loc("dims.cu":26:17), %arg1: memref<?xf32> loc("dims.cu":26:17), %arg2: i32 loc("dims.cu":26:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.arg_names = ["x", "y", "n"], kfix.name = "oned", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "i"} : memref<i32> loc(#loc132)
      %block_id_x = gpu.block_id  x loc(#loc133)
      %0 = arith.index_castui %block_id_x : index to i32 loc(#loc133)
      %block_dim_x = gpu.block_dim  x loc(#loc134)
      %1 = arith.index_castui %block_dim_x : index to i32 loc(#loc134)
      %2 = arith.muli %0, %1 : i32 loc(#loc135)
      %thread_id_x = gpu.thread_id  x loc(#loc136)
      %3 = arith.index_castui %thread_id_x : index to i32 loc(#loc136)
      %4 = arith.addi %2, %3 : i32 loc(#loc137)
      memref.store %4, %alloca[] : memref<i32> loc(#loc132)
      %5 = memref.load %alloca[] : memref<i32> loc(#loc138)
      %6 = arith.cmpi slt, %5, %arg2 : i32 loc(#loc139)
      scf.if %6 {
        %7 = memref.load %alloca[] : memref<i32> loc(#loc141)
        %8 = arith.index_cast %7 : i32 to index loc(#loc142)
        %9 = memref.load %arg0[%8] : memref<?xf32> loc(#loc142)
        %10 = memref.load %alloca[] : memref<i32> loc(#loc143)
        %11 = arith.index_cast %10 : i32 to index loc(#loc144)
        memref.store %9, %arg1[%11] : memref<?xf32> loc(#loc144)
      } loc(#loc140)
      gpu.return loc(#loc145)
    } loc(#loc131)
  } loc(#loc)
} loc(#loc)
#loc = loc("dims.cu":1:1)
#loc2 = loc("dims.cu":2:7)
#loc3 = loc("dims.cu":3:7)
#loc4 = loc("dims.cu":2:11)
#loc5 = loc("dims.cu":2:24)
#loc6 = loc("dims.cu":2:22)
#loc7 = loc("dims.cu":2:37)
#loc8 = loc("dims.cu":2:35)
#loc9 = loc("dims.cu":3:11)
#loc10 = loc("dims.cu":3:24)
#loc11 = loc("dims.cu":3:22)
#loc12 = loc("dims.cu":3:37)
#loc13 = loc("dims.cu":3:35)
#loc14 = loc("dims.cu":4:7)
#loc15 = loc("dims.cu":4:9)
#loc16 = loc("dims.cu":4:16)
#loc17 = loc("dims.cu":4:18)
#loc18 = loc("dims.cu":4:13)
#loc19 = loc("dims.cu":4:3)
#loc20 = loc("dims.cu":4:40)
#loc21 = loc("dims.cu":4:38)
#loc22 = loc("dims.cu":4:47)
#loc23 = loc("dims.cu":4:45)
#loc24 = loc("dims.cu":4:43)
#loc25 = loc("dims.cu":4:25)
#loc26 = loc("dims.cu":4:27)
#loc27 = loc("dims.cu":4:33)
#loc28 = loc("dims.cu":4:31)
#loc29 = loc("dims.cu":4:36)
#loc30 = loc("dims.cu":5:1)
#loc32 = loc("dims.cu":7:7)
#loc33 = loc("dims.cu":8:9)
#loc34 = loc("dims.cu":9:3)
#loc35 = loc("dims.cu":7:13)
#loc36 = loc("dims.cu":7:26)
#loc37 = loc("dims.cu":7:24)
#loc38 = loc("dims.cu":7:39)
#loc39 = loc("dims.cu":7:37)
#loc40 = loc("dims.cu":8:15)
#loc41 = loc("dims.cu":9:16)
#loc42 = loc("dims.cu":9:44)
#loc43 = loc("dims.cu":9:60)
#loc44 = loc("dims.cu":9:66)
#loc45 = loc("dims.cu":9:68)
#loc46 = loc("dims.cu":9:77)
#loc47 = loc("dims.cu":9:75)
#loc48 = loc("dims.cu":9:63)
#loc49 = loc("dims.cu":10:35)
#loc50 = loc("dims.cu":10:7)
#loc51 = loc("dims.cu":10:19)
#loc52 = loc("dims.cu":10:28)
#loc53 = loc("dims.cu":10:26)
#loc54 = loc("dims.cu":10:33)
#loc55 = loc("dims.cu":11:1)
#loc57 = loc("dims.cu":13:3)
#loc58 = loc("dims.cu":14:5)
#loc59 = loc("dims.cu":13:16)
#loc60 = loc("dims.cu":13:29)
#loc61 = loc("dims.cu":13:27)
#loc62 = loc("dims.cu":13:42)
#loc63 = loc("dims.cu":13:40)
#loc64 = loc("dims.cu":13:67)
#loc65 = loc("dims.cu":13:80)
#loc66 = loc("dims.cu":13:78)
#loc67 = loc("dims.cu":14:18)
#loc68 = loc("dims.cu":14:31)
#loc69 = loc("dims.cu":14:29)
#loc70 = loc("dims.cu":14:44)
#loc71 = loc("dims.cu":14:42)
#loc72 = loc("dims.cu":14:69)
#loc73 = loc("dims.cu":14:82)
#loc74 = loc("dims.cu":14:80)
#loc75 = loc("dims.cu":15:24)
#loc76 = loc("dims.cu":15:26)
#loc77 = loc("dims.cu":15:32)
#loc78 = loc("dims.cu":15:30)
#loc79 = loc("dims.cu":15:22)
#loc80 = loc("dims.cu":15:9)
#loc81 = loc("dims.cu":15:11)
#loc82 = loc("dims.cu":15:17)
#loc83 = loc("dims.cu":15:15)
#loc84 = loc("dims.cu":15:20)
#loc85 = loc("dims.cu":16:1)
#loc87 = loc("dims.cu":18:7)
#loc88 = loc("dims.cu":18:11)
#loc89 = loc("dims.cu":18:24)
#loc90 = loc("dims.cu":18:22)
#loc91 = loc("dims.cu":18:28)
#loc92 = loc("dims.cu":18:26)
#loc93 = loc("dims.cu":19:7)
#loc94 = loc("dims.cu":19:9)
#loc95 = loc("dims.cu":19:3)
#loc96 = loc("dims.cu":19:23)
#loc97 = loc("dims.cu":19:21)
#loc98 = loc("dims.cu":19:16)
#loc99 = loc("dims.cu":19:19)
#loc100 = loc("dims.cu":20:1)
#loc102 = loc("dims.cu":22:7)
#loc103 = loc("dims.cu":23:7)
#loc104 = loc("dims.cu":22:13)
#loc105 = loc("dims.cu":22:26)
#loc106 = loc("dims.cu":22:24)
#loc107 = loc("dims.cu":22:39)
#loc108 = loc("dims.cu":22:37)
#loc109 = loc("dims.cu":23:13)
#loc110 = loc("dims.cu":23:26)
#loc111 = loc("dims.cu":23:24)
#loc112 = loc("dims.cu":23:39)
#loc113 = loc("dims.cu":23:37)
#loc114 = loc("dims.cu":24:7)
#loc115 = loc("dims.cu":24:11)
#loc116 = loc("dims.cu":24:18)
#loc117 = loc("dims.cu":24:22)
#loc118 = loc("dims.cu":24:15)
#loc119 = loc("dims.cu":24:3)
#loc120 = loc("dims.cu":24:48)
#loc121 = loc("dims.cu":24:52)
#loc122 = loc("dims.cu":24:58)
#loc123 = loc("dims.cu":24:56)
#loc124 = loc("dims.cu":24:46)
#loc125 = loc("dims.cu":24:29)
#loc126 = loc("dims.cu":24:33)
#loc127 = loc("dims.cu":24:39)
#loc128 = loc("dims.cu":24:37)
#loc129 = loc("dims.cu":24:44)
#loc130 = loc("dims.cu":25:1)
#loc132 = loc("dims.cu":27:7)
#loc133 = loc("dims.cu":27:11)
#loc134 = loc("dims.cu":27:24)
#loc135 = loc("dims.cu":27:22)
#loc136 = loc("dims.cu":27:37)
#loc137 = loc("dims.cu":27:35)
#loc138 = loc("dims.cu":28:7)
#loc139 = loc("dims.cu":28:9)
#loc140 = loc("dims.cu":28:3)
#loc141 = loc("dims.cu":28:23)
#loc142 = loc("dims.cu":28:21)
#loc143 = loc("dims.cu":28:16)
#loc144 = loc("dims.cu":28:19)
#loc145 = loc("dims.cu":29:1)
