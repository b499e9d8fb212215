// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-nan))' | FileCheck %s
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-nan,kfix-instrument-nan))' | FileCheck %s --check-prefix=TWICE

gpu.module @m {
  // CHECK-LABEL: gpu.func @logsum
  // CHECK-SAME: kfix.instrumented.nan
  gpu.func @logsum(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
    %i = gpu.thread_id x
    %v = memref.load %x[%i] : memref<?xf32>
    // CHECK: %[[L:.*]] = math.log %[[V:.*]] : f32
    // CHECK: %[[AV:.*]] = math.absf %[[V]] : f32
    // CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
    // CHECK: %[[FIN:.*]] = arith.cmpf olt, %[[AV]], %[[INF]] : f32
    // CHECK: %[[ISNAN:.*]] = arith.cmpf uno, %[[L]], %[[L]] : f32
    // CHECK: %[[AL:.*]] = math.absf %[[L]] : f32
    // CHECK: %[[ISINF:.*]] = arith.cmpf oeq, %[[AL]], %{{.*}} : f32
    // CHECK: %[[TRUE:.*]] = arith.constant true
    // CHECK: %[[BADN:.*]] = arith.andi %[[FIN]], %[[ISNAN]] : i1
    // CHECK: %[[OKN:.*]] = arith.xori %[[BADN]], %[[TRUE]] : i1
    // CHECK: kfix.check nan %[[OKN]] site 0
    // CHECK: %[[BADI:.*]] = arith.andi %[[FIN]], %[[ISINF]] : i1
    // CHECK: %[[OKI:.*]] = arith.xori %[[BADI]], %[[TRUE]] : i1
    // CHECK: kfix.check inf %[[OKI]] site 1
    %l = math.log %v : f32
    // Both float operands must be finite.
    // CHECK: %[[S:.*]] = arith.addf %[[L]], %[[V]] : f32
    // CHECK-COUNT-2: arith.cmpf olt
    // CHECK: kfix.check nan %{{.*}} site 2
    // CHECK: kfix.check inf %{{.*}} site 3
    %s = arith.addf %l, %v : f32
    // Operations that cannot create a NaN/Inf are not checked.
    // CHECK: arith.maxnumf
    // CHECK-NEXT: arith.negf
    // CHECK-NEXT: arith.cmpf
    // CHECK-NEXT: arith.select
    // CHECK-NEXT: arith.constant 2.0
    // CHECK-NEXT: memref.store
    %m = arith.maxnumf %s, %v : f32
    %n = arith.negf %m : f32
    %c = arith.cmpf olt, %n, %v : f32
    %t = arith.select %c, %n, %v : f32
    %two = arith.constant 2.0 : f32
    memref.store %t, %y[%i] : memref<?xf32>
    // TWICE-COUNT-4: kfix.check
    // TWICE-NOT: kfix.check
    // TWICE: gpu.return
    gpu.return
  }
}

// -----

gpu.module @m {
  // Narrowing conversions can overflow to Inf; vector results reduce per lane.
  // CHECK-LABEL: gpu.func @narrow
  gpu.func @narrow(%v: vector<2xf32>, %f: f32) kernel {
    // CHECK: %[[H:.*]] = arith.truncf %{{.*}} : f32 to f16
    // CHECK: kfix.check nan %{{.*}} site 0
    // CHECK: kfix.check inf %{{.*}} site 1
    %h = arith.truncf %f : f32 to f16
    // CHECK: %[[M:.*]] = arith.mulf
    // CHECK: vector.reduction <and>, %{{.*}} : vector<2xi1> into i1
    // CHECK: arith.cmpf uno, %[[M]], %[[M]] : vector<2xf32>
    // CHECK: vector.reduction <or>, %{{.*}} : vector<2xi1> into i1
    // CHECK: kfix.check nan %{{.*}} site 2
    %m = arith.mulf %v, %v : vector<2xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  // Integer arithmetic only: nothing to check.
  // CHECK-LABEL: gpu.func @ints
  // CHECK-NOT: kfix.check
  // CHECK: gpu.return
  gpu.func @ints(%a: i32, %b: i32, %buf: memref<?xf32>, %i: index) kernel {
    %s = arith.addi %a, %b : i32
    // Nor inside a generic atomic, whose body must stay free of side effects.
    %x = memref.generic_atomic_rmw %buf[%i] : memref<?xf32> {
    ^bb0(%old: f32):
      %new = arith.addf %old, %old : f32
      memref.atomic_yield %new : f32
    }
    %f = arith.constant 1.0 : f32
    gpu.return
  }
}
