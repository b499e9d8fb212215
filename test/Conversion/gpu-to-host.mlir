// RUN: kfix-opt %s --kfix-gpu-to-host --split-input-file | FileCheck %s

// A kernel with no barrier, shuffle or vote: one block entry that loops over
// the threads and calls the body.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<?xf32>, %n: i32) kernel attributes {kfix.name = "scale"} {
      %t = gpu.thread_id x
      %b = gpu.block_id y
      %d = gpu.block_dim x
      %i = arith.addi %t, %b : index
      %j = arith.addi %i, %d : index
      %v = memref.load %x[%j] : memref<?xf32>
      %true = arith.constant true
      kfix.check bounds %true site 3 details(%j, %j : index, index) loc("k.cu":4:5)
      gpu.return
    }
  }
}
// CHECK: module attributes {kfix.host_locs = ["k.cu:4:5"]}
// CHECK-NOT: gpu.module
// CHECK-LABEL: func.func private @__kfix_body_scale(
// CHECK-SAME: %[[CTX:.*]]: !llvm.ptr, %[[TX:.*]]: index, %{{.*}}: index, %{{.*}}: index, %[[LIN:.*]]: i64, %{{.*}}: memref<?xf32>, %{{.*}}: i32)
// CHECK: %[[BP:.*]] = llvm.getelementptr %[[CTX]][1] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK: llvm.load %[[BP]] : !llvm.ptr -> i64
// CHECK: %[[DP:.*]] = llvm.getelementptr %[[CTX]][3]
// CHECK: arith.addi %[[TX]],
// CHECK: scf.if
// CHECK: call @kfix_rt_check(%[[CTX]], %[[LIN]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i64, i32, i64, i64, i64) -> ()
// CHECK: return
// CHECK-LABEL: func.func @__kfix_block_scale(
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: call @__kfix_body_scale(
// CHECK-NOT: __kfix_thread_scale

// -----

// Barriers, shuffles and votes make a thread entry; shared memory loses its
// address space and becomes a parameter; loops count steps.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @red(%x: memref<?xf32>) workgroup(%sm: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %v = memref.load %x[%t] : memref<?xf32>
      memref.store %v, %sm[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier loc("r.cu":3:1)
      %s, %ok = gpu.shuffle xor %v, %c1, %c32 : f32 loc("r.cu":4:1)
      %full = arith.constant -1 : i32
      %p = arith.constant true
      %b = nvvm.vote.sync ballot %full, %p -> i32
      scf.for %i = %c0 to %c32 step %c1 : i32 {
      } loc("r.cu":6:1)
      gpu.return
    }
  }
}
// CHECK-LABEL: func.func private @__kfix_body_red(
// CHECK-SAME: memref<?xf32>, %{{.*}}: memref<32xf32>)
// CHECK: call @kfix_rt_barrier
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: call @kfix_rt_shuffle(
// CHECK: call @kfix_rt_vote(
// CHECK: scf.for
// CHECK: llvm.getelementptr %{{.*}}[10]
// CHECK: arith.cmpi ugt
// CHECK: call @kfix_rt_step_budget
// CHECK-LABEL: func.func @__kfix_thread_red(
// CHECK-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: memref<?xf32>, %{{.*}}: memref<32xf32>)
// CHECK: llvm.getelementptr %{{.*}}[9]
// CHECK: call @__kfix_body_red(
