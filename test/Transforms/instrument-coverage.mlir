// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-coverage))' | FileCheck %s
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-coverage,kfix-instrument-coverage))' | FileCheck %s --check-prefix=TWICE
// The guards of kfix-instrument-bounds{guard=true} are not source branches.
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-bounds{guard=true},kfix-instrument-coverage))' | FileCheck %s --check-prefix=GUARD

gpu.module @m {
  // CHECK-LABEL: gpu.func @branchy
  // CHECK-SAME: kfix.instrumented.coverage
  gpu.func @branchy(%y: memref<?xf32>, %n: i32, %c: i1) kernel {
    %i = gpu.thread_id x
    %f = arith.constant 1.0 : f32
    // An if without else gets an else-side that only counts.
    // CHECK: scf.if %{{.*}} {
    // CHECK-NEXT: kfix.count site 0 counter 0
    // CHECK-NEXT: memref.store
    // CHECK-NEXT: } else {
    // CHECK-NEXT: kfix.count site 0 counter 1
    // CHECK-NEXT: }
    scf.if %c {
      memref.store %f, %y[%i] : memref<?xf32>
    }
    // An if with results keeps its yields.
    // CHECK: scf.if %{{.*}} -> (f32) {
    // CHECK-NEXT: kfix.count site 1 counter 0
    // CHECK-NEXT: scf.yield
    // CHECK-NEXT: } else {
    // CHECK-NEXT: kfix.count site 1 counter 1
    // CHECK-NEXT: arith.negf
    %r = scf.if %c -> (f32) {
      scf.yield %f : f32
    } else {
      %g = arith.negf %f : f32
      scf.yield %g : f32
    }
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: kfix.count site 2 counter 1
    // CHECK-NEXT: scf.for
    // CHECK-NEXT: kfix.count site 2 counter 0
    scf.for %k = %c0 to %n step %c1 : i32 {
      memref.store %r, %y[%i] : memref<?xf32>
    }
    // CHECK: kfix.count site 3 counter 1
    // CHECK-NEXT: scf.while
    // CHECK: } do {
    // CHECK-NEXT: ^bb0
    // CHECK-NEXT: kfix.count site 3 counter 0
    %w = scf.while (%a = %c0) : (i32) -> i32 {
      %lt = arith.cmpi slt, %a, %n : i32
      scf.condition(%lt) %a : i32
    } do {
    ^bb0(%b: i32):
      %nb = arith.addi %b, %c1 : i32
      scf.yield %nb : i32
    }
    // TWICE-COUNT-8: kfix.count
    // TWICE-NOT: kfix.count
    // TWICE: gpu.return
    gpu.return
  }
}

// -----

gpu.module @m {
  // Straight-line code: nothing to count.
  // CHECK-LABEL: gpu.func @straight
  // CHECK-NOT: kfix.count
  // CHECK: gpu.return
  // GUARD-LABEL: gpu.func @straight
  // GUARD: kfix.check bounds
  // GUARD-NEXT: scf.if
  // GUARD-NOT: kfix.count
  // GUARD: gpu.return
  gpu.func @straight(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
    %i = gpu.thread_id x
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %y[%i] : memref<?xf32>
    gpu.return
  }
}
