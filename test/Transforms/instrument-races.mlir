// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-races))' | FileCheck %s
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-races{global-loads=true}))' | FileCheck %s --check-prefix=LOADS
// Idempotent, also together with kfix-instrument-writes (one record per store).
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-races,kfix-instrument-races,kfix-instrument-writes))' | FileCheck %s --check-prefix=TWICE

gpu.module @m {
  // CHECK-LABEL: gpu.func @reduce
  // CHECK-SAME: kfix.instrumented.races
  // TWICE-LABEL: gpu.func @reduce
  gpu.func @reduce(%x: memref<?xf32>, %y: memref<?xf32>)
      workgroup(%s: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %i = gpu.thread_id x
    %c1 = arith.constant 1 : index
    // Private locals are never recorded.
    %acc = memref.alloca() {kfix.var = "acc"} : memref<f32>
    // Global loads are not recorded by default.
    // CHECK-NOT: kfix.access
    // CHECK: memref.load %[[X:.*]][%[[I:.*]]] : memref<?xf32>
    // LOADS: kfix.access read %{{.*}}[%{{.*}}] site 0 : memref<?xf32>
    // LOADS-NEXT: memref.load
    %v = memref.load %x[%i] : memref<?xf32>
    // CHECK-NOT: kfix.access
    // CHECK: memref.store %{{.*}}, %{{.*}}[] : memref<f32>
    memref.store %v, %acc[] : memref<f32>
    // CHECK: kfix.access write %[[S:.*]][%[[I]]] site 0 : memref<256xf32, #gpu.address_space<workgroup>>
    // CHECK-NEXT: memref.store %{{.*}}, %[[S]][%[[I]]]
    memref.store %v, %s[%i] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %j = arith.addi %i, %c1 : index
    // CHECK: kfix.access read %[[S]][%[[J:.*]]] site 1
    // CHECK-NEXT: memref.load %[[S]][%[[J]]]
    %w = memref.load %s[%j] : memref<256xf32, #gpu.address_space<workgroup>>
    // CHECK: kfix.access atomic %[[S]][%[[I]]] site 2
    // CHECK-NEXT: memref.atomic_rmw addf
    %o = memref.atomic_rmw addf %w, %s[%i] : (f32, memref<256xf32, #gpu.address_space<workgroup>>) -> f32
    // CHECK: kfix.access write %[[Y:.*]][%[[I]]] site 3 : memref<?xf32>
    // CHECK-NEXT: memref.store %{{.*}}, %[[Y]][%[[I]]]
    memref.store %w, %y[%i] : memref<?xf32>
    // CHECK: kfix.access atomic %[[Y]][%{{.*}}] site 4 : memref<?xf32>
    // CHECK-NEXT: memref.atomic_rmw addf
    %p = memref.atomic_rmw addf %w, %y[%c1] : (f32, memref<?xf32>) -> f32
    // TWICE-COUNT-5: kfix.access
    // TWICE-NOT: kfix.access
    // TWICE: gpu.return
    gpu.return
  }
}

// -----

gpu.module @m {
  // Vector accesses record every lane; dynamic shared memory is shared.
  // CHECK-LABEL: gpu.func @vec
  gpu.func @vec(%y: memref<?xf32>, %v: vector<4xf32>) kernel {
    %i = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %n = arith.constant 64 : index
    %sh = memref.view %raw[%c0][%n] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
    // CHECK: %[[I1:.*]] = arith.addi %[[I:.*]], %{{.*}} : index
    // CHECK: %[[I2:.*]] = arith.addi %[[I]], %{{.*}} : index
    // CHECK: %[[I3:.*]] = arith.addi %[[I]], %{{.*}} : index
    // CHECK: kfix.access write %[[Y:.*]][%[[I]]] site 0
    // CHECK-NEXT: kfix.access write %[[Y]][%[[I1]]] site 0
    // CHECK-NEXT: kfix.access write %[[Y]][%[[I2]]] site 0
    // CHECK-NEXT: kfix.access write %[[Y]][%[[I3]]] site 0
    // CHECK-NEXT: vector.store
    vector.store %v, %y[%i] : memref<?xf32>, vector<4xf32>
    // CHECK: kfix.access read %{{.*}}[%[[I]]] site 1 : memref<?xf32, #gpu.address_space<workgroup>>
    %r = memref.load %sh[%i] : memref<?xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m {
  // Nothing to record: reads of global memory and private arrays only.
  // CHECK-LABEL: gpu.func @readonly
  // CHECK-NOT: kfix.access
  // CHECK: gpu.return
  gpu.func @readonly(%x: memref<?xf32>) kernel {
    %i = gpu.thread_id x
    %r = memref.alloca() {kfix.var = "r"} : memref<4xf32>
    %v = memref.load %x[%i] : memref<?xf32>
    %c0 = arith.constant 0 : index
    memref.store %v, %r[%c0] : memref<4xf32>
    gpu.return
  }
}
