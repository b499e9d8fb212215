// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-index-width | FileCheck %s

// __global__ void copy_rows(const float *x, float *y, int cols) {
//   int row = blockIdx.x;
//   int idx = row * cols + threadIdx.x;     // wraps for row * cols >= 2^31
//   y[idx] = x[idx];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @copy_rows
  // CHECK: %[[COLS:.*]] = arith.extsi %arg2 : i32 to i64
  gpu.func @copy_rows(%x: memref<?xf32>, %y: memref<?xf32>, %cols: i32) kernel
      attributes {kfix.name = "copy_rows", kfix.arg_names = ["x", "y", "cols"],
                  kfix.arg_ctypes = ["const float *", "float *", "int"]} {
    %row = memref.alloca() {kfix.var = "row"} : memref<i32>
    %bx = gpu.block_id x
    // CHECK: %[[BX:.*]] = arith.index_castui %{{.*}} : index to i32
    // CHECK-NEXT: %[[BX64:.*]] = arith.index_castui %{{.*}} : index to i64
    %bx32 = arith.index_castui %bx : index to i32
    memref.store %bx32, %row[] : memref<i32>
    %idx = memref.alloca() {kfix.var = "idx"} : memref<i32>
    %0 = memref.load %row[] : memref<i32>
    // CHECK: arith.muli
    // CHECK-NEXT: %[[M64:.*]] = arith.muli %[[BX64]], %[[COLS]] {kfix.repaired = "kfix-repair-index-width"} : i64
    %1 = arith.muli %0, %cols : i32
    %tx = gpu.thread_id x
    // CHECK: %[[TX64:.*]] = arith.index_castui %{{.*}} : index to i64
    %tx32 = arith.index_castui %tx : index to i32
    // CHECK: arith.addi
    // CHECK-NEXT: %[[A64:.*]] = arith.addi %[[M64]], %[[TX64]] : i64
    %2 = arith.addi %1, %tx32 : i32
    memref.store %2, %idx[] : memref<i32>
    %3 = memref.load %idx[] : memref<i32>
    %4 = arith.index_cast %3 : i32 to index
    // CHECK: %[[I1:.*]] = arith.index_cast %[[A64]] {kfix.repaired = "kfix-repair-index-width"} : i64 to index
    // CHECK-NEXT: memref.load %arg0[%[[I1]]]
    %v = memref.load %x[%4] : memref<?xf32>
    %5 = memref.load %idx[] : memref<i32>
    %6 = arith.index_cast %5 : i32 to index
    // CHECK: %[[I2:.*]] = arith.index_cast %[[A64]] {kfix.repaired = "kfix-repair-index-width"} : i64 to index
    // CHECK-NEXT: memref.store %{{.*}}, %arg1[%[[I2]]]
    memref.store %v, %y[%6] : memref<?xf32>
    gpu.return
  }
}

// -----

// No product in the index (an offset only), a loop variable reassigned (not a
// single store), and a shared-memory index: all left alone.
// __global__ void k(const float *x, float *y, int off) {
//   __shared__ float t[64];
//   int i = threadIdx.x + off; i = i + 1;
//   t[threadIdx.x * 2] = x[threadIdx.x + off];
//   y[i * 2] = t[threadIdx.x];
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @k
  // CHECK-NOT: i64
  // CHECK: gpu.return
  gpu.func @k(%x: memref<?xf32>, %y: memref<?xf32>, %off: i32)
      workgroup(%t: memref<64xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "k", kfix.arg_names = ["x", "y", "off"],
                  kfix.arg_ctypes = ["const float *", "float *", "int"], kfix.shared_names = ["t"]} {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %i = memref.alloca() {kfix.var = "i"} : memref<i32>
    %0 = arith.addi %tx32, %off : i32
    memref.store %0, %i[] : memref<i32>
    %1 = memref.load %i[] : memref<i32>
    %2 = arith.addi %1, %c1 : i32
    memref.store %2, %i[] : memref<i32>
    %3 = arith.index_cast %0 : i32 to index
    %v = memref.load %x[%3] : memref<?xf32>
    %4 = arith.muli %tx32, %c2 : i32
    %5 = arith.index_cast %4 : i32 to index
    memref.store %v, %t[%5] : memref<64xf32, #gpu.address_space<workgroup>>
    %6 = arith.index_cast %tx32 : i32 to index
    %w = memref.load %t[%6] : memref<64xf32, #gpu.address_space<workgroup>>
    %7 = memref.load %i[] : memref<i32>
    %8 = arith.addi %7, %c1 : i32
    %9 = arith.index_cast %8 : i32 to index
    memref.store %w, %y[%9] : memref<?xf32>
    gpu.return
  }
}
