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

// -----

// A 32-bit product of values loaded from index buffers, sign-extended only
// when stored to a 64-bit output: lin[i] = row[i] * ncols + col[i].
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @coo_linear
  // CHECK: %[[N64:.*]] = arith.extsi %arg3 : i32 to i64
  // CHECK: %[[R:.*]] = memref.load %arg0
  // CHECK: %[[R64:.*]] = arith.extsi %[[R]] : i32 to i64
  // CHECK: %[[M64:.*]] = arith.muli %[[R64]], %[[N64]] {kfix.repaired = "kfix-repair-index-width"} : i64
  // CHECK: %[[C:.*]] = memref.load %arg1
  // CHECK: %[[C64:.*]] = arith.extsi %[[C]] : i32 to i64
  // CHECK: %[[A64:.*]] = arith.addi %[[M64]], %[[C64]] {kfix.repaired = "kfix-repair-index-width"} : i64
  // CHECK: memref.store %[[A64]], %arg2
  gpu.func @coo_linear(%row: memref<?xi32>, %col: memref<?xi32>, %lin: memref<?xi64>, %ncols: i32) kernel
      attributes {kfix.name = "coo_linear", kfix.arg_names = ["row", "col", "lin", "ncols"],
                  kfix.arg_ctypes = ["const int *", "const int *", "int64_t *", "int"]} {
    %tx = gpu.thread_id x
    %r = memref.load %row[%tx] : memref<?xi32>
    %m = arith.muli %r, %ncols : i32
    %c = memref.load %col[%tx] : memref<?xi32>
    %a = arith.addi %m, %c : i32
    %w = arith.extsi %a : i32 to i64
    memref.store %w, %lin[%tx] : memref<?xi64>
    gpu.return
  }
}

// -----

// A product divided back into range: q[i] = v[i] * levels / vmax is divided in
// i64 and truncated; (i * step) % n used as an index is indexed in i64.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @rescale
  // CHECK: %[[D:.*]] = arith.divsi %{{.*}}, %{{.*}} : i64
  // CHECK: %[[T:.*]] = arith.trunci %[[D]] {kfix.repaired = "kfix-repair-index-width"} : i64 to i32
  // CHECK: memref.store %[[T]], %arg1
  // CHECK: %[[REM:.*]] = arith.remsi %{{.*}}, %{{.*}} : i64
  // CHECK: %[[IX:.*]] = arith.index_cast %[[REM]] {kfix.repaired = "kfix-repair-index-width"} : i64 to index
  // CHECK: memref.load %arg0[%[[IX]]]
  gpu.func @rescale(%v: memref<?xi32>, %q: memref<?xi32>, %levels: i32, %vmax: i32, %step: i32, %n: i32) kernel
      attributes {kfix.name = "rescale", kfix.arg_names = ["v", "q", "levels", "vmax", "step", "n"],
                  kfix.arg_ctypes = ["const int *", "int *", "int", "int", "int", "int"]} {
    %tx = gpu.thread_id x
    %x = memref.load %v[%tx] : memref<?xi32>
    %p = arith.muli %x, %levels : i32
    %d = arith.divsi %p, %vmax : i32
    memref.store %d, %q[%tx] : memref<?xi32>
    %t32 = arith.index_castui %tx : index to i32
    %s = arith.muli %t32, %step : i32
    %r = arith.remsi %s, %n : i32
    %ri = arith.index_cast %r : i32 to index
    %g = memref.load %v[%ri] : memref<?xi32>
    memref.store %g, %q[%tx] : memref<?xi32>
    gpu.return
  }
}

// -----

// Refusals: unsigned arithmetic (a hash that wraps on purpose, extended with
// extui, divided with divui), a division without a product and a product
// that is already 64-bit are left alone.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @hash
  // CHECK-NOT: kfix.repaired
  // CHECK: gpu.return
  gpu.func @hash(%k: memref<?xi32>, %h: memref<?xi64>, %o: memref<?xi32>, %n: i32, %c: i32) kernel
      attributes {kfix.name = "hash", kfix.arg_names = ["k", "h", "o", "n", "c"],
                  kfix.arg_ctypes = ["const unsigned *", "uint64_t *", "unsigned *", "unsigned", "int"]} {
    %tx = gpu.thread_id x
    %mul = arith.constant -1640531535 : i32
    %x = memref.load %k[%tx] : memref<?xi32>
    %p = arith.muli %x, %mul : i32
    %w = arith.extui %p : i32 to i64
    memref.store %w, %h[%tx] : memref<?xi64>
    %d = arith.divui %p, %n : i32
    memref.store %d, %o[%tx] : memref<?xi32>
    %e = arith.divsi %x, %c : i32
    memref.store %e, %o[%tx] : memref<?xi32>
    %x64 = arith.extsi %x : i32 to i64
    %c64 = arith.extsi %c : i32 to i64
    %p64 = arith.muli %x64, %c64 : i64
    memref.store %p64, %h[%tx] : memref<?xi64>
    gpu.return
  }
}
