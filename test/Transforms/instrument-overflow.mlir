// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-overflow))' | FileCheck %s
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-overflow,kfix-instrument-overflow))' | FileCheck %s --check-prefix=TWICE

gpu.module @m {
  // CHECK-LABEL: gpu.func @offsets
  // CHECK-SAME: kfix.instrumented.overflow
  gpu.func @offsets(%rows: memref<?xi32>, %out: memref<?xi64>, %ld: i32) kernel {
    %i = gpu.thread_id x
    %r = memref.load %rows[%i] : memref<?xi32>
    // A signed 32-bit product: recomputed in 64 bits, the operands recorded.
    // CHECK: %[[P:.*]] = arith.muli %[[R:.*]], %[[LD:.*]] {kfix.signed} : i32
    // CHECK-NEXT: %[[A:.*]] = arith.extsi %[[R]] : i32 to i64
    // CHECK-NEXT: %[[B:.*]] = arith.extsi %[[LD]] : i32 to i64
    // CHECK-NEXT: %[[W:.*]] = arith.muli %[[A]], %[[B]] : i64
    // CHECK-NEXT: %[[N:.*]] = arith.extsi %[[P]] : i32 to i64
    // CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[W]], %[[N]] : i64
    // CHECK-NEXT: kfix.check overflow %[[OK]] site 0 details(%[[A]], %[[B]] : i64, i64)
    %p = arith.muli %r, %ld {kfix.signed} : i32
    // CHECK: arith.addi %{{.*}}, %{{.*}} {kfix.signed} : i32
    // CHECK: arith.addi %{{.*}}, %{{.*}} : i64
    // CHECK: kfix.check overflow %{{.*}} site 1
    %s = arith.addi %p, %r {kfix.signed} : i32
    // Unsigned (unmarked) arithmetic wraps by definition; 64-bit arithmetic
    // is not checked.
    // CHECK: %[[U:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
    // CHECK-NEXT: arith.extsi %[[U]] : i32 to i64
    // CHECK-NEXT: arith.subi %{{.*}}, %{{.*}} {kfix.signed} : i64
    // CHECK-NEXT: memref.store
    // CHECK-NOT: kfix.check
    %u = arith.muli %s, %s : i32
    %w = arith.extsi %u : i32 to i64
    %v = arith.subi %w, %w {kfix.signed} : i64
    memref.store %v, %out[%i] : memref<?xi64>
    gpu.return
  }
}

// TWICE-LABEL: gpu.func @offsets
// TWICE-COUNT-2: kfix.check overflow
// TWICE-NOT: kfix.check
