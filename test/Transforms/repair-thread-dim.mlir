// RUN: kfix-opt %s --verify-each --kfix-repair-thread-dim='loc=transpose.cu:3:13' | FileCheck %s
// RUN: kfix-opt %s --verify-each --kfix-repair-thread-dim='loc=transpose.cu:9' | FileCheck %s --check-prefix=NONE
// RUN: not kfix-opt %s --kfix-repair-thread-dim='from=w' 2>&1 | FileCheck %s --check-prefix=ERR

// __global__ void transpose(const float *in, float *out, int n) {
//   int col = blockIdx.x * blockDim.x + threadIdx.x;
//   int row = blockIdx.y * blockDim.y + threadIdx.x;   // line 3: should be threadIdx.y
//   out[col * n + row] = in[row * n + col];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @transpose
  // NONE-NOT: kfix.repaired
  gpu.func @transpose(%in: memref<?xf32>, %out: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "transpose", kfix.arg_names = ["in", "out", "n"],
                  kfix.arg_ctypes = ["const float *", "float *", "int"]} {
    // CHECK: gpu.thread_id x
    %tx = gpu.thread_id x loc("transpose.cu":2:40)
    %tx32 = arith.index_castui %tx : index to i32
    // CHECK: %[[TY:.*]] = gpu.thread_id y {kfix.repaired = "kfix-repair-thread-dim"}
    // CHECK-NEXT: arith.index_castui %[[TY]]
    %ty = gpu.thread_id x loc("transpose.cu":3:13)
    %ty32 = arith.index_castui %ty : index to i32
    %0 = arith.muli %tx32, %n : i32
    %1 = arith.addi %0, %ty32 : i32
    %2 = arith.index_cast %1 : i32 to index
    %3 = arith.muli %ty32, %n : i32
    %4 = arith.addi %3, %tx32 : i32
    %5 = arith.index_cast %4 : i32 to index
    %v = memref.load %in[%5] : memref<?xf32>
    memref.store %v, %out[%2] : memref<?xf32>
    gpu.return
  }
}
// ERR: kfix-repair-thread-dim: from and to must be x, y or z
