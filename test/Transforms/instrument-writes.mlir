// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-writes))' | FileCheck %s
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-writes,kfix-instrument-writes))' | FileCheck %s --check-prefix=TWICE
// Under the bounds guard the record goes inside the guarded region.
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-bounds{guard=true},kfix-instrument-writes))' | FileCheck %s --check-prefix=GUARD

gpu.module @m {
  // CHECK-LABEL: gpu.func @scale
  // CHECK-SAME: kfix.instrumented.writes
  gpu.func @scale(%x: memref<?xf32>, %y: memref<?xf32>)
      workgroup(%s: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
    %i = gpu.thread_id x
    %v = memref.load %x[%i] : memref<?xf32>
    // Shared memory is not an output.
    // CHECK-NOT: kfix.access
    // CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<32xf32, #gpu.address_space<workgroup>>
    memref.store %v, %s[%i] : memref<32xf32, #gpu.address_space<workgroup>>
    // CHECK: kfix.access write %[[Y:.*]][%[[I:.*]]] site 0 : memref<?xf32>
    // CHECK-NEXT: memref.store %{{.*}}, %[[Y]][%[[I]]] : memref<?xf32>
    // GUARD: kfix.check bounds %[[OK:.*]] site 2
    // GUARD-NEXT: scf.if %[[OK]] {
    // GUARD-NEXT: kfix.access write %{{.*}} site 4 : memref<?xf32>
    // GUARD-NEXT: memref.store
    memref.store %v, %y[%i] : memref<?xf32>
    // CHECK: kfix.access atomic %[[Y]][%[[I]]] site 1 : memref<?xf32>
    // CHECK-NEXT: memref.atomic_rmw
    %o = memref.atomic_rmw addf %v, %y[%i] : (f32, memref<?xf32>) -> f32
    // TWICE-COUNT-2: kfix.access
    // TWICE-NOT: kfix.access
    gpu.return
  }
}

// -----

gpu.module @m {
  // No stores to parameters: nothing recorded, but the function is marked.
  // CHECK-LABEL: gpu.func @noout
  // CHECK-SAME: kfix.instrumented.writes
  // CHECK-NOT: kfix.access
  // CHECK: gpu.return
  gpu.func @noout(%x: memref<?xf32>) kernel {
    %i = gpu.thread_id x
    %a = memref.alloca() {kfix.var = "a"} : memref<f32>
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %a[] : memref<f32>
    gpu.return
  }
}
