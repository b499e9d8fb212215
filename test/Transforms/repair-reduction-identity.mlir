// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-reduction-identity | FileCheck %s

// __global__ void row_max(const float *x, float *out, int cols) {
//   float m = 0.0f;                       // should be -INFINITY
//   for (int j = 0; j < cols; ++j) m = fmaxf(m, x[blockIdx.x * cols + j]);
//   out[blockIdx.x] = m;
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @row_max
  gpu.func @row_max(%x: memref<?xf32>, %out: memref<?xf32>, %cols: i32) kernel
      attributes {kfix.name = "row_max", kfix.arg_names = ["x", "out", "cols"],
                  kfix.arg_ctypes = ["const float *", "float *", "int"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %m = memref.alloca() {kfix.var = "m"} : memref<f32>
    %f0 = arith.constant 0.0 : f32
    // CHECK: %[[NINF:.*]] = arith.constant {kfix.repaired = "kfix-repair-reduction-identity"} 0xFF800000 : f32
    // CHECK-NEXT: memref.store %[[NINF]], %{{.*}}[] {kfix.repaired = "kfix-repair-reduction-identity"} : memref<f32>
    memref.store %f0, %m[] : memref<f32>
    %bx = gpu.block_id x
    %bx32 = arith.index_castui %bx : index to i32
    %j = memref.alloca() {kfix.var = "j"} : memref<i32>
    scf.for %jv = %c0 to %cols step %c1 : i32 {
      memref.store %jv, %j[] : memref<i32>
      %0 = arith.muli %bx32, %cols : i32
      %1 = memref.load %j[] : memref<i32>
      %2 = arith.addi %0, %1 : i32
      %3 = arith.index_cast %2 : i32 to index
      %4 = memref.load %x[%3] : memref<?xf32>
      %5 = memref.load %m[] : memref<f32>
      %6 = arith.maxnumf %5, %4 : f32
      memref.store %6, %m[] : memref<f32>
    }
    %7 = memref.load %m[] : memref<f32>
    %8 = arith.index_cast %bx32 : i32 to index
    memref.store %7, %out[%8] : memref<?xf32>
    gpu.return
  }
}

// -----

// Padding of out-of-range threads before a min tree in shared memory, with
// the min written as a ternary.
// __global__ void block_min(const int *x, int *out, int n) {
//   __shared__ int s[128];
//   int i = blockIdx.x * 128 + threadIdx.x;
//   s[threadIdx.x] = i < n ? x[i] : 0;        // should be INT_MAX
//   __syncthreads();
//   for (int k = 64; k > 0; k >>= 1) {
//     if (threadIdx.x < k) { int a = s[threadIdx.x], b = s[threadIdx.x + k];
//                            s[threadIdx.x] = b < a ? b : a; }
//     __syncthreads();
//   }
//   ...
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @block_min
  gpu.func @block_min(%x: memref<?xi32>, %out: memref<?xi32>, %n: i32)
      workgroup(%s: memref<128xi32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "block_min", kfix.arg_names = ["x", "out", "n"],
                  kfix.arg_ctypes = ["const int *", "int *", "int"], kfix.shared_names = ["s"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %bx = gpu.block_id x
    %bx32 = arith.index_castui %bx : index to i32
    %0 = arith.muli %bx32, %c128 : i32
    %i = arith.addi %0, %tx32 : i32
    %in = arith.cmpi slt, %i, %n : i32
    %v = scf.if %in -> (i32) {
      %1 = arith.index_cast %i : i32 to index
      %2 = memref.load %x[%1] : memref<?xi32>
      scf.yield %2 : i32
    } else {
      scf.yield %c0 : i32
    }
    %pad = arith.constant 0 : i32
    // CHECK: %[[MAX:.*]] = arith.constant {kfix.repaired = "kfix-repair-reduction-identity"} 2147483647 : i32
    // CHECK-NEXT: arith.select %{{.*}}, %{{.*}}, %[[MAX]] {kfix.repaired = "kfix-repair-reduction-identity"}
    %sel = arith.select %in, %v, %pad : i32
    %3 = arith.index_cast %tx32 : i32 to index
    memref.store %sel, %s[%3] : memref<128xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %k = memref.alloca() {kfix.var = "k"} : memref<i32>
    memref.store %c64, %k[] : memref<i32>
    scf.while : () -> () {
      %4 = memref.load %k[] : memref<i32>
      %5 = arith.cmpi sgt, %4, %c0 : i32
      scf.condition(%5)
    } do {
      %6 = memref.load %k[] : memref<i32>
      %7 = arith.cmpi ult, %tx32, %6 : i32
      scf.if %7 {
        %a = memref.load %s[%3] : memref<128xi32, #gpu.address_space<workgroup>>
        %8 = arith.addi %tx32, %6 : i32
        %9 = arith.index_cast %8 : i32 to index
        %b = memref.load %s[%9] : memref<128xi32, #gpu.address_space<workgroup>>
        %lt = arith.cmpi slt, %b, %a : i32
        %mn = arith.select %lt, %b, %a : i32
        memref.store %mn, %s[%3] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %10 = arith.shrsi %6, %c1 : i32
      memref.store %10, %k[] : memref<i32>
      scf.yield
    }
    gpu.return
  }
}

// -----

// Already right (a sum from 0, a max from -FLT_MAX), and a variable that is
// both added to and multiplied: nothing changes.
// __global__ void fine(const float *x, float *out) {
//   float s = 0.0f, m = -FLT_MAX, p = 0.0f;
//   for (int j = 0; j < 4; ++j) { s += x[j]; m = fmaxf(m, x[j]); p *= 2.0f; p += x[j]; }
//   out[0] = s; out[1] = m; out[2] = p;
// }
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @fine
  // CHECK-NOT: kfix.repaired
  // CHECK: gpu.return
  gpu.func @fine(%x: memref<?xf32>, %out: memref<?xf32>) kernel
      attributes {kfix.name = "fine", kfix.arg_names = ["x", "out"],
                  kfix.arg_ctypes = ["const float *", "float *"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %f0 = arith.constant 0.0 : f32
    %fmin = arith.constant -3.40282347E+38 : f32
    %f2 = arith.constant 2.0 : f32
    %s = memref.alloca() {kfix.var = "s"} : memref<f32>
    %m = memref.alloca() {kfix.var = "m"} : memref<f32>
    %p = memref.alloca() {kfix.var = "p"} : memref<f32>
    memref.store %f0, %s[] : memref<f32>
    memref.store %fmin, %m[] : memref<f32>
    memref.store %f0, %p[] : memref<f32>
    scf.for %jv = %c0 to %c4 step %c1 : i32 {
      %0 = arith.index_cast %jv : i32 to index
      %v = memref.load %x[%0] : memref<?xf32>
      %1 = memref.load %s[] : memref<f32>
      %2 = arith.addf %1, %v : f32
      memref.store %2, %s[] : memref<f32>
      %3 = memref.load %m[] : memref<f32>
      %4 = arith.maxnumf %3, %v : f32
      memref.store %4, %m[] : memref<f32>
      %5 = memref.load %p[] : memref<f32>
      %6 = arith.mulf %5, %f2 : f32
      memref.store %6, %p[] : memref<f32>
      %8 = memref.load %p[] : memref<f32>
      %7 = arith.addf %8, %v : f32
      memref.store %7, %p[] : memref<f32>
    }
    gpu.return
  }
}

// -----

// Lifted from kb/examples/max-padding-zero/kernel.cu: `sdata[tid] = (i < n) ?
// in[i] : 0.0f;` before a max tree. The arm that reads memory makes the lifter
// emit an scf.if (short-circuit) instead of a select; its constant arm is fixed.
// CHECK-LABEL: gpu.func @block_amax_partial
// CHECK:       scf.if
// CHECK:         scf.yield %{{.*}} : f32
// CHECK:       } else {
// CHECK:         %[[ID:.*]] = arith.constant {kfix.repaired = "kfix-repair-reduction-identity"} 0xFF800000 : f32
// CHECK-NEXT:    scf.yield %[[ID]] : f32
// CHECK-NEXT:  } {kfix.repaired = "kfix-repair-reduction-identity"}
gpu.module @kernels {
  gpu.func @block_amax_partial(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: i32) workgroup(%arg3 : memref<256xf32, #gpu.address_space<workgroup>>) kernel attributes {kfix.arg_names = ["in", "partial", "n"], kfix.shared_names = ["sdata"]} {
    %tid = gpu.thread_id x
    %0 = arith.index_cast %tid : index to i32
    %bid = gpu.block_id x
    %1 = arith.index_cast %bid : index to i32
    %c256_i32 = arith.constant 256 : i32
    %2 = arith.muli %1, %c256_i32 : i32
    %4 = arith.addi %2, %0 : i32
    %6 = arith.cmpi ult, %4, %arg2 : i32
    %7 = scf.if %6 -> (f32) {
      %13 = arith.index_castui %4 : i32 to index
      %14 = memref.load %arg0[%13] : memref<?xf32>
      scf.yield %14 : f32
    } else {
      %cst = arith.constant 0.000000e+00 : f32
      scf.yield %cst : f32
    }
    %9 = arith.index_castui %0 : i32 to index
    memref.store %7, %arg3[%9] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c1 = arith.constant 1 : index
    %10 = arith.addi %9, %c1 : index
    %19 = memref.load %arg3[%9] : memref<256xf32, #gpu.address_space<workgroup>>
    %24 = memref.load %arg3[%10] : memref<256xf32, #gpu.address_space<workgroup>>
    %25 = arith.maxnumf %19, %24 : f32
    memref.store %25, %arg3[%9] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}
