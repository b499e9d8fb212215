// RUN: kfix-opt %s --pass-pipeline='builtin.module(gpu.module(kfix-instrument-bounds))' | FileCheck %s
// RUN: kfix-opt %s --pass-pipeline='builtin.module(gpu.module(kfix-instrument-bounds{guard=true}))' | FileCheck %s --check-prefix=GUARD
// Idempotent: a second run adds nothing.
// RUN: kfix-opt %s --pass-pipeline='builtin.module(gpu.module(kfix-instrument-bounds,kfix-instrument-bounds))' | FileCheck %s --check-prefix=TWICE

gpu.module @m {
  // CHECK-LABEL: gpu.func @copy
  // CHECK-SAME: kfix.instrumented.bounds
  gpu.func @copy(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
    %i = gpu.thread_id x
    // CHECK: %[[D:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?xf32>
    // CHECK: %[[OK:.*]] = arith.cmpi ult, %[[I:.*]], %[[D]] : index
    // CHECK: kfix.check bounds %[[OK]] site 0 details(%[[I]], %[[D]] : index, index)
    // CHECK-NEXT: memref.load
    // GUARD: %[[V:.*]] = scf.if %{{.*}} -> (f32) {
    // GUARD-NEXT: memref.load
    // GUARD: } else {
    // GUARD-NEXT: arith.constant 0.0
    %v = memref.load %x[%i] : memref<?xf32>
    // CHECK: kfix.check bounds %{{.*}} site 1
    // CHECK-NEXT: memref.store
    // GUARD: scf.if %{{.*}} {
    // GUARD-NEXT: memref.store %[[V]]
    memref.store %v, %y[%i] : memref<?xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @tile2d
  gpu.func @tile2d(%t: memref<16x17xf32, #gpu.address_space<workgroup>>) kernel {
    %i = gpu.thread_id x
    %j = gpu.thread_id y
    // Both dimensions are checked and combined.
    // CHECK: arith.cmpi ult
    // CHECK: arith.cmpi ult
    // CHECK: arith.andi
    // CHECK: kfix.check bounds
    %v = memref.load %t[%j, %i] : memref<16x17xf32, #gpu.address_space<workgroup>>
    gpu.return
  }

  // Rank-0 accesses cannot go out of bounds: nothing is inserted.
  // CHECK-LABEL: gpu.func @scalar
  // CHECK-NOT: kfix.check
  // CHECK: gpu.return
  gpu.func @scalar(%s: memref<f32>) kernel {
    %v = memref.load %s[] : memref<f32>
    gpu.return
  }
}

// TWICE-COUNT-3: kfix.check
// TWICE-NOT: kfix.check
