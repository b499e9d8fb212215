// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-grid-stride | FileCheck %s

// __global__ void relu(const float *x, float *y, int n) {
//   for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
//     y[i] = fmaxf(x[i], 0.0f);
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @relu
  gpu.func @relu(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "relu", kfix.arg_names = ["x", "y", "n"],
                  kfix.arg_ctypes = ["const float *", "float *", "int"]} {
    %f0 = arith.constant 0.0 : f32
    %bx = gpu.block_id x
    %bx32 = arith.index_castui %bx : index to i32
    // CHECK: gpu.block_dim x
    // CHECK-NEXT: %[[BD:.*]] = arith.index_castui %{{.*}} : index to i32
    %bd = gpu.block_dim x
    %bd32 = arith.index_castui %bd : index to i32
    %0 = arith.muli %bx32, %bd32 : i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %start = arith.addi %0, %tx32 : i32
    %i = memref.alloca() {kfix.var = "i"} : memref<i32>
    // CHECK: %[[GD:.*]] = gpu.grid_dim x
    // CHECK-NEXT: %[[GD32:.*]] = arith.index_castui %[[GD]] : index to i32
    // CHECK-NEXT: %[[S:.*]] = arith.muli %[[BD]], %[[GD32]] {kfix.repaired = "kfix-repair-grid-stride"} : i32
    // CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %arg2 step %[[S]]
    scf.for %iv = %start to %n step %bd32 : i32 {
      memref.store %iv, %i[] : memref<i32>
      %1 = memref.load %i[] : memref<i32>
      %2 = arith.index_cast %1 : i32 to index
      %v = memref.load %x[%2] : memref<?xf32>
      %r = arith.maxnumf %v, %f0 : f32
      memref.store %r, %y[%2] : memref<?xf32>
    }
    gpu.return
  }
}

// -----

// A block-stride loop inside one block (start threadIdx.x) is right as is.
// __global__ void row(float *y, int n) {
//   for (int i = threadIdx.x; i < n; i += blockDim.x) y[blockIdx.x * n + i] = 0.0f;
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @row
  // CHECK-NOT: kfix.repaired
  // CHECK: gpu.return
  gpu.func @row(%y: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "row", kfix.arg_names = ["y", "n"], kfix.arg_ctypes = ["float *", "int"]} {
    %f0 = arith.constant 0.0 : f32
    %bd = gpu.block_dim x
    %bd32 = arith.index_castui %bd : index to i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %bx = gpu.block_id x
    %bx32 = arith.index_castui %bx : index to i32
    scf.for %iv = %tx32 to %n step %bd32 : i32 {
      %0 = arith.muli %bx32, %n : i32
      %1 = arith.addi %0, %iv : i32
      %2 = arith.index_cast %1 : i32 to index
      memref.store %f0, %y[%2] : memref<?xf32>
    }
    gpu.return
  }
}

// -----

// A loop over the threads of a block (start threadIdx.x) that steps by the
// grid's extent: the step becomes the block's.
// __global__ void plane(float *y, int n) {
//   for (int i = threadIdx.x; i < n; i += gridDim.x) y[blockIdx.x * n + i] = 0.0f;
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @plane
  gpu.func @plane(%y: memref<?xf32>, %n: i32) kernel
      attributes {kfix.name = "plane", kfix.arg_names = ["y", "n"], kfix.arg_ctypes = ["float *", "int"]} {
    %f0 = arith.constant 0.0 : f32
    %gd = gpu.grid_dim x
    %gd32 = arith.index_castui %gd : index to i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %bx = gpu.block_id x
    %bx32 = arith.index_castui %bx : index to i32
    // CHECK: %[[BD:.*]] = gpu.block_dim x
    // CHECK-NEXT: %[[S:.*]] = arith.index_castui %[[BD]] {kfix.repaired = "kfix-repair-grid-stride"} : index to i32
    // CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %arg1 step %[[S]]
    scf.for %iv = %tx32 to %n step %gd32 : i32 {
      %0 = arith.muli %bx32, %n : i32
      %1 = arith.addi %0, %iv : i32
      %2 = arith.index_cast %1 : i32 to index
      memref.store %f0, %y[%2] : memref<?xf32>
    }
    gpu.return
  }
}

// -----

// A loop over the blocks (start blockIdx.x, one row per block) that steps by
// the block's extent: the step becomes the grid's.
// __global__ void rows(float *y, int rows, int n) {
//   for (int r = blockIdx.x; r < rows; r += blockDim.x) y[r * n + threadIdx.x] = 0.0f;
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @rows
  gpu.func @rows(%y: memref<?xf32>, %rows: i32, %n: i32) kernel
      attributes {kfix.name = "rows", kfix.arg_names = ["y", "rows", "n"], kfix.arg_ctypes = ["float *", "int", "int"]} {
    %f0 = arith.constant 0.0 : f32
    %bd = gpu.block_dim x
    %bd32 = arith.index_castui %bd : index to i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %bx = gpu.block_id x
    %bx32 = arith.index_castui %bx : index to i32
    // CHECK: %[[GD:.*]] = gpu.grid_dim x
    // CHECK-NEXT: %[[S:.*]] = arith.index_castui %[[GD]] {kfix.repaired = "kfix-repair-grid-stride"} : index to i32
    // CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %arg1 step %[[S]]
    scf.for %r = %bx32 to %rows step %bd32 : i32 {
      %0 = arith.muli %r, %n : i32
      %1 = arith.addi %0, %tx32 : i32
      %2 = arith.index_cast %1 : i32 to index
      memref.store %f0, %y[%2] : memref<?xf32>
    }
    gpu.return
  }
}

// -----

// The same loop stepping by gridDim is right as is.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @rows_ok
  // CHECK-NOT: kfix.repaired
  // CHECK: gpu.return
  gpu.func @rows_ok(%y: memref<?xf32>, %rows: i32, %n: i32) kernel
      attributes {kfix.name = "rows_ok", kfix.arg_names = ["y", "rows", "n"], kfix.arg_ctypes = ["float *", "int", "int"]} {
    %f0 = arith.constant 0.0 : f32
    %gd = gpu.grid_dim x
    %gd32 = arith.index_castui %gd : index to i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %bx = gpu.block_id x
    %bx32 = arith.index_castui %bx : index to i32
    scf.for %r = %bx32 to %rows step %gd32 : i32 {
      %0 = arith.muli %r, %n : i32
      %1 = arith.addi %0, %tx32 : i32
      %2 = arith.index_cast %1 : i32 to index
      memref.store %f0, %y[%2] : memref<?xf32>
    }
    gpu.return
  }
}
