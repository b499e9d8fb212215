// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-lower-kfix-to-nvvm))' | FileCheck %s

// CHECK-LABEL: gpu.module @traced
// CHECK: llvm.mlir.global external @__kfix_trace(0 : i64) {addr_space = 1 : i32, alignment = 8 : i64} : i64
gpu.module @traced {
  // CHECK-LABEL: gpu.func @k
  gpu.func @k(%x: memref<?xf32>, %n: i32)
      workgroup(%sh: memref<4x8xf32, #gpu.address_space<workgroup>>) kernel {
    %i = gpu.thread_id x
    %c0 = arith.constant 0 : index
    // count: one atomic add, to the counter or to `dropped` (offset 72).
    // CHECK: %[[A:.*]] = llvm.mlir.addressof @__kfix_trace : !llvm.ptr<1>
    // CHECK: %[[B:.*]] = llvm.load %[[A]] {alignment = 8 : i64} : !llvm.ptr<1> -> i64
    // CHECK: scf.if
    // CHECK: arith.constant 72 : i64
    // CHECK: arith.select
    // CHECK: llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, i64
    // CHECK-NOT: kfix.count
    kfix.count site 3 counter 1
    // check: only when the condition is false; the first violator writes.
    // CHECK: %[[T:.*]] = arith.constant true
    // CHECK: %[[F:.*]] = arith.xori %{{.*}}, %[[T]] : i1
    // CHECK: scf.if %[[F]] {
    // CHECK: %[[OLD:.*]] = llvm.atomicrmw add
    // CHECK: arith.cmpi eq, %[[OLD]]
    // CHECK: gpu.thread_id x
    // CHECK: gpu.block_id x
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : i64, !llvm.ptr<1>
    // CHECK-NOT: kfix.check
    %ni = arith.index_cast %n : i32 to index
    %ok = arith.cmpi ult, %i, %ni : index
    kfix.check bounds %ok site 0 details(%i, %ni : index, index)
    // probe: bounded records, the value stored as f64.
    // CHECK: arith.extf %{{.*}} : f32 to f64
    // CHECK: llvm.atomicrmw add
    // CHECK: llvm.store %{{.*}} : f64, !llvm.ptr<1>
    %v = memref.load %x[%i] : memref<?xf32>
    kfix.probe "v" %v site 5 : f32
    // access to workgroup attribution 0: arg = -1, linear = i * 8 + 0.
    // CHECK: memref.dim
    // CHECK: arith.constant -1 : i32
    // CHECK-NOT: kfix.access
    kfix.access write %sh[%i, %c0] site 6 : memref<4x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A module without kfix ops is left alone: no global.
// CHECK-LABEL: gpu.module @plain
// CHECK-NOT: __kfix_trace
// CHECK: gpu.func @k
gpu.module @plain {
  gpu.func @k(%x: memref<?xf32>) kernel {
    %i = gpu.thread_id x
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %x[%i] : memref<?xf32>
    gpu.return
  }
}


// -----

// Access records carry the thread's barrier interval: a per-thread counter,
// 0 on entry and incremented after each gpu.barrier (also inside loops), is
// stored as the record's epoch (offset 4, i32); the site is an i32 at 0.
// CHECK-LABEL: gpu.module @epochs
// CHECK: gpu.func @k
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
// CHECK: llvm.store %{{.*}}, %[[SLOT]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK-NEXT: %[[N:.*]] = llvm.load %[[SLOT]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[INC:.*]] = arith.addi %[[N]], %[[ONE]] : i32
// CHECK-NEXT: llvm.store %[[INC]], %[[SLOT]]
// CHECK: %[[E:.*]] = llvm.load %[[SLOT]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK: arith.constant 4 : i64
// CHECK: llvm.store %[[E]], %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
gpu.module @epochs {
  gpu.func @k(%x: memref<?xf32>)
      workgroup(%sh: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %i = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %s = %c0 to %c4 step %c1 {
      gpu.barrier
      kfix.access read %sh[%i] site 3 : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}
