// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-missing-barrier | FileCheck %s --check-prefix=RAW
// RUN: kfix-opt %s --verify-each --split-input-file --kfix-repair-reuse-barrier | FileCheck %s --check-prefix=WAR

// A write and a read of other threads' elements under `if (tid < 32)`: the if
// is split on the same condition around the barrier, so every thread reaches it.
// __global__ void k(float *io) {
//   __shared__ float t[32];
//   if (threadIdx.x < 32) { t[threadIdx.x] = io[threadIdx.x]; io[threadIdx.x] = t[31 - threadIdx.x]; }
// }
gpu.module @kernels {
  // RAW-LABEL: gpu.func @reverse
  // RAW: %[[C:.*]] = arith.cmpi ult
  // RAW: %[[R:.*]]:2 = scf.if %[[C]] -> (index, index) {
  // RAW:   memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<32xf32, #gpu.address_space<workgroup>>
  // RAW:   scf.yield
  // RAW: } else {
  // RAW: gpu.barrier {kfix.repaired = "kfix-repair-missing-barrier"}
  // RAW-NEXT: scf.if %[[C]] {
  // RAW-NEXT:   memref.load %{{.*}}[%[[R]]#1] : memref<32xf32, #gpu.address_space<workgroup>>
  // RAW-NEXT:   memref.store %{{.*}}, %{{.*}}[%[[R]]#0] : memref<?xf32>
  gpu.func @reverse(%io: memref<?xf32>)
      workgroup(%t: memref<32xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "reverse", kfix.arg_names = ["io"], kfix.arg_ctypes = ["float *"],
                  kfix.shared_names = ["t"]} {
    %tx = gpu.thread_id x
    %tx32 = arith.index_castui %tx : index to i32
    %c32 = arith.constant 32 : i32
    %c31 = arith.constant 31 : i32
    %in = arith.cmpi ult, %tx32, %c32 : i32
    scf.if %in {
      %0 = arith.index_cast %tx32 : i32 to index
      %v = memref.load %io[%0] : memref<?xf32>
      memref.store %v, %t[%0] : memref<32xf32, #gpu.address_space<workgroup>>
      %1 = arith.subi %c31, %tx32 : i32
      %2 = arith.index_cast %1 : i32 to index
      %r = memref.load %t[%2] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %r, %io[%0] : memref<?xf32>
    }
    gpu.return
  }
}

// -----

// The in-place Hillis-Steele step `if (tid >= off) s[tid] += s[tid - off];`: the
// read of a neighbour and the write of the own element race within the step.
// The if is split before the store; the sum crosses as a yielded value (0 for
// the threads that skip both halves).
gpu.module @kernels {
  // WAR-LABEL: gpu.func @scan_step
  // WAR: scf.for
  // WAR:   %[[C:.*]] = arith.cmpi sge
  // WAR:   %[[V:.*]]:2 = scf.if %[[C]] -> (f32, index) {
  // WAR:     %[[A:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
  // WAR:     %[[B:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
  // WAR:     %[[S:.*]] = arith.addf %[[B]], %[[A]] : f32
  // WAR:     scf.yield %[[S]], %{{.*}} : f32, index
  // WAR:   } else {
  // WAR:     %[[Z:.*]] = arith.constant 0.000000e+00 : f32
  // WAR:     scf.yield %[[Z]], %{{.*}} : f32, index
  // WAR:   gpu.barrier {kfix.repaired = "kfix-repair-reuse-barrier"}
  // WAR:   scf.if %[[C]] {
  // WAR:     memref.store %[[V]]#0, %{{.*}}[%[[V]]#1] : memref<256xf32, #gpu.address_space<workgroup>>
  // WAR:   gpu.barrier
  gpu.func @scan_step(%io: memref<?xf32>)
      workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {kfix.name = "scan_step", kfix.arg_names = ["io"], kfix.arg_ctypes = ["float *"],
                  kfix.shared_names = ["s"]} {
    %tx = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v0 = memref.load %io[%tx] : memref<?xf32>
    memref.store %v0, %s[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.for %k = %c1 to %c8 step %c1 {
      %off = arith.shli %c1, %k : index
      %ge = arith.cmpi sge, %tx, %off : index
      scf.if %ge {
        %j = arith.subi %tx, %off : index
        %a = memref.load %s[%j] : memref<256xf32, #gpu.address_space<workgroup>>
        %b = memref.load %s[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
        %sum = arith.addf %b, %a : f32
        %own = arith.addi %tx, %c1 : index
        %idx = arith.subi %own, %c1 : index
        memref.store %sum, %s[%idx] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
    }
    %r = memref.load %s[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %r, %io[%tx] : memref<?xf32>
    gpu.return
  }
}
