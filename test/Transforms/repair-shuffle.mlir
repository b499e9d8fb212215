// RUN: kfix-opt %s --verify-each --kfix-repair-shuffle | FileCheck %s --check-prefix=MASK
// RUN: kfix-opt %s --verify-each --kfix-repair-shuffle='fix=xor loc=warp.cu:4' | FileCheck %s --check-prefix=XOR
// RUN: kfix-opt %s --verify-each --kfix-repair-shuffle='fix=broadcast loc=warp.cu:4' | FileCheck %s --check-prefix=BC
// RUN: not kfix-opt %s --kfix-repair-shuffle='fix=xor' 2>&1 | FileCheck %s --check-prefix=ERR

// __global__ void warp_normalize(float *x) {
//   float v = x[threadIdx.x];
//   for (int o = 16; o > 0; o >>= 1)
//     v += __shfl_down_sync(0xffffffff, v, o);     // line 4: only lane 0 gets the sum
//   x[threadIdx.x] /= v;                           // every lane uses it
// }
gpu.module @kernels {
  // MASK-LABEL: gpu.func @warp_normalize
  // MASK-NOT: kfix.repaired
  // XOR-LABEL: gpu.func @warp_normalize
  // XOR: gpu.shuffle  xor %{{.*}} {kfix.repaired = "kfix-repair-shuffle"} : f32
  // BC-LABEL: gpu.func @warp_normalize
  gpu.func @warp_normalize(%x: memref<?xf32>) kernel
      attributes {kfix.name = "warp_normalize", kfix.arg_names = ["x"], kfix.arg_ctypes = ["float *"]} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %tx = gpu.thread_id x
    %v = memref.alloca() {kfix.var = "v"} : memref<f32>
    %x0 = memref.load %x[%tx] : memref<?xf32>
    memref.store %x0, %v[] : memref<f32>
    %o = memref.alloca() {kfix.var = "o"} : memref<i32>
    memref.store %c16, %o[] : memref<i32>
    // BC: scf.while
    scf.while : () -> () {
      %0 = memref.load %o[] : memref<i32>
      %1 = arith.cmpi sgt, %0, %c0 : i32
      scf.condition(%1)
    } do {
      %2 = memref.load %v[] : memref<f32>
      %3 = memref.load %o[] : memref<i32>
      %s, %ok = gpu.shuffle down %2, %3, %c32 : f32 loc("warp.cu":4:10)
      %4 = memref.load %v[] : memref<f32>
      %5 = arith.addf %4, %s : f32
      memref.store %5, %v[] : memref<f32>
      %6 = arith.shrsi %3, %c1 : i32
      memref.store %6, %o[] : memref<i32>
      scf.yield
    }
    // BC: scf.yield
    // BC-NEXT: }
    // BC-NEXT: %[[CUR:.*]] = memref.load %[[V:.*]][] : memref<f32>
    // BC-NEXT: %[[Z:.*]] = arith.constant 0 : i32
    // BC-NEXT: %[[W:.*]] = arith.constant 32 : i32
    // BC-NEXT: %[[B:.*]], %{{.*}} = gpu.shuffle  idx %[[CUR]], %[[Z]], %[[W]] {kfix.repaired = "kfix-repair-shuffle"} : f32
    // BC-NEXT: memref.store %[[B]], %[[V]][] {kfix.repaired = "kfix-repair-shuffle"} : memref<f32>
    %7 = memref.load %x[%tx] : memref<?xf32>
    %8 = memref.load %v[] : memref<f32>
    %9 = arith.divf %7, %8 : f32
    memref.store %9, %x[%tx] : memref<?xf32>
    gpu.return
  }

  // A half-warp mask on a full-warp reduction: made full.
  // MASK-LABEL: gpu.func @masked
  // MASK: gpu.shuffle  xor %{{.*}} {kfix.repaired = "kfix-repair-shuffle"} : f32
  // XOR-LABEL: gpu.func @masked
  // XOR: kfix.mask = 65535
  gpu.func @masked(%x: memref<?xf32>) kernel
      attributes {kfix.name = "masked", kfix.arg_names = ["x"], kfix.arg_ctypes = ["float *"]} {
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %tx = gpu.thread_id x
    %v = memref.load %x[%tx] : memref<?xf32>
    %s, %ok = gpu.shuffle xor %v, %c16, %c32 {kfix.mask = 65535 : i64} : f32
    %r = arith.addf %v, %s : f32
    memref.store %r, %x[%tx] : memref<?xf32>
    gpu.return
  }
}
// ERR: kfix-repair-shuffle: fix=xor needs loc=<file:line[:col]>
