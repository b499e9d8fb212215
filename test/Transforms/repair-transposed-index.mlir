// RUN: kfix-opt --verify-each --kfix-repair-transposed-index='loc=transpose.cu:5:23 stride=rows' %s | FileCheck %s --check-prefix=SWAP
// RUN: kfix-opt --verify-each --kfix-repair-transposed-index='loc=transpose.cu:5:25 fix=stride stride=rows' %s | FileCheck %s --check-prefix=STRIDE
// RUN: kfix-opt --verify-each --kfix-repair-transposed-index='loc=transpose.cu:5:23' %s | FileCheck %s --check-prefix=SAME
// RUN: kfix-opt --kfix-repair-transposed-index='loc=transpose.cu:4' %s 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not kfix-opt --kfix-repair-transposed-index %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not kfix-opt --kfix-repair-transposed-index='loc=transpose.cu:5 fix=stride' %s 2>&1 | FileCheck %s --check-prefix=ERR2
// RUN: not kfix-opt --kfix-repair-transposed-index='loc=transpose.cu:5 stride=nope' %s 2>&1 | FileCheck %s --check-prefix=ERR3
// Lifted with kfix-translate --import-cuda --mlir-print-debuginfo from the CUDA source below;
// out should be indexed c * rows + r.

// -----

// __global__ void transpose(const float* in, float* out, int rows, int cols) {
//   int r = blockIdx.y * blockDim.y + threadIdx.y;
//   int c = blockIdx.x * blockDim.x + threadIdx.x;
//   if (r < rows && c < cols)
//     out[r * cols + c] = in[r * cols + c];
// }

// SWAP-LABEL: gpu.func @transpose
// SWAP: %[[LOAD:.*]] = memref.load %arg0
// SWAP-NOT: kfix.repaired
// SWAP: %[[MUL:.*]] = arith.muli %{{.*}}, %arg2 {kfix.repaired = "kfix-repair-transposed-index"} : i32
// SWAP-NEXT: %[[ADD:.*]] = arith.addi %[[MUL]], %{{.*}} {kfix.repaired
// SWAP-NEXT: %[[I:.*]] = arith.index_cast %[[ADD]] {kfix.repaired
// SWAP-NEXT: memref.store %[[LOAD]], %arg1[%[[I]]] {kfix.repaired = "kfix-repair-transposed-index"}
// STRIDE-LABEL: gpu.func @transpose
// STRIDE: %[[MUL:.*]] = arith.muli %{{.*}}, %arg2 {kfix.repaired
// STRIDE: memref.load %arg0[%{{.*}}] {kfix.repaired
// STRIDE-NOT: kfix.repaired
// SAME: arith.muli %{{.*}}, %arg3 {kfix.repaired
// SAME: memref.store %{{.*}}, %arg1[%{{.*}}] {kfix.repaired
// NONE: warning: kfix-repair-transposed-index: no memory access at transpose.cu:4
// NONE-NOT: kfix.repaired
// ERR: error: {{.*}}kfix-repair-transposed-index: needs loc=
// ERR2: error: {{.*}}fix=stride needs stride=
// ERR3: error: {{.*}}stride=nope is neither
module attributes {gpu.container_module, kfix.source = "transpose.cu"} {
  gpu.module @kernels {
    gpu.func @transpose(%arg0: memref<?xf32> loc("transpose.cu":1:17), %arg1: memref<?xf32> loc("transpose.cu":1:17), %arg2: i32 loc("transpose.cu":1:17), %arg3: i32 loc("transpose.cu":1:17)) kernel attributes {kfix.arg_ctypes = ["const float *", "float *", "int", "int"], kfix.arg_names = ["in", "out", "rows", "cols"], kfix.name = "transpose", kfix.shared_names = []} {
      %alloca = memref.alloca() {kfix.var = "r"} : memref<i32> loc("transpose.cu":2:7)
      %alloca_0 = memref.alloca() {kfix.var = "c"} : memref<i32> loc("transpose.cu":3:7)
      %block_id_y = gpu.block_id  y loc("transpose.cu":2:11)
      %0 = arith.index_castui %block_id_y : index to i32 loc("transpose.cu":2:11)
      %block_dim_y = gpu.block_dim  y loc("transpose.cu":2:24)
      %1 = arith.index_castui %block_dim_y : index to i32 loc("transpose.cu":2:24)
      %2 = arith.muli %0, %1 : i32 loc("transpose.cu":2:22)
      %thread_id_y = gpu.thread_id  y loc("transpose.cu":2:37)
      %3 = arith.index_castui %thread_id_y : index to i32 loc("transpose.cu":2:37)
      %4 = arith.addi %2, %3 : i32 loc("transpose.cu":2:35)
      memref.store %4, %alloca[] : memref<i32> loc("transpose.cu":2:7)
      %block_id_x = gpu.block_id  x loc("transpose.cu":3:11)
      %5 = arith.index_castui %block_id_x : index to i32 loc("transpose.cu":3:11)
      %block_dim_x = gpu.block_dim  x loc("transpose.cu":3:24)
      %6 = arith.index_castui %block_dim_x : index to i32 loc("transpose.cu":3:24)
      %7 = arith.muli %5, %6 : i32 loc("transpose.cu":3:22)
      %thread_id_x = gpu.thread_id  x loc("transpose.cu":3:37)
      %8 = arith.index_castui %thread_id_x : index to i32 loc("transpose.cu":3:37)
      %9 = arith.addi %7, %8 : i32 loc("transpose.cu":3:35)
      memref.store %9, %alloca_0[] : memref<i32> loc("transpose.cu":3:7)
      %10 = memref.load %alloca[] : memref<i32> loc("transpose.cu":4:7)
      %11 = arith.cmpi slt, %10, %arg2 : i32 loc("transpose.cu":4:9)
      %12 = memref.load %alloca_0[] : memref<i32> loc("transpose.cu":4:19)
      %13 = arith.cmpi slt, %12, %arg3 : i32 loc("transpose.cu":4:21)
      %14 = arith.andi %11, %13 : i1 loc("transpose.cu":4:16)
      scf.if %14 {
        %15 = memref.load %alloca[] : memref<i32> loc("transpose.cu":5:28)
        %16 = arith.muli %15, %arg3 : i32 loc("transpose.cu":5:30)
        %17 = memref.load %alloca_0[] : memref<i32> loc("transpose.cu":5:39)
        %18 = arith.addi %16, %17 : i32 loc("transpose.cu":5:37)
        %19 = arith.index_cast %18 : i32 to index loc("transpose.cu":5:25)
        %20 = memref.load %arg0[%19] : memref<?xf32> loc("transpose.cu":5:25)
        %21 = memref.load %alloca[] : memref<i32> loc("transpose.cu":5:9)
        %22 = arith.muli %21, %arg3 : i32 loc("transpose.cu":5:11)
        %23 = memref.load %alloca_0[] : memref<i32> loc("transpose.cu":5:20)
        %24 = arith.addi %22, %23 : i32 loc("transpose.cu":5:18)
        %25 = arith.index_cast %24 : i32 to index loc("transpose.cu":5:23)
        memref.store %20, %arg1[%25] : memref<?xf32> loc("transpose.cu":5:23)
      } loc("transpose.cu":4:3)
      gpu.return loc("transpose.cu":6:1)
    } loc("transpose.cu":1:17)
  } loc("transpose.cu":1:1)
} loc("transpose.cu":1:1)
