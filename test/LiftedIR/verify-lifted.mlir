// RUN: kfix-opt --kfix-verify-lifted %s | FileCheck %s

// Lifted IR (shared memory, a barrier, a shuffle, an atomic, a vector load,
// instrumentation) passes unchanged.

// CHECK-LABEL: gpu.func @ok
// CHECK: gpu.shuffle
// CHECK: kfix.count
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ok(%p: memref<?xf32>, %n: i32)
        workgroup(%s: memref<32xf32, #gpu.address_space<workgroup>>)
        kernel attributes {kfix.name = "ok"} {
      %c0 = arith.constant 0 : index
      %w = arith.constant 32 : i32
      %one = arith.constant 1 : i32
      %tid = gpu.thread_id x
      %v = memref.load %p[%tid] : memref<?xf32>
      memref.store %v, %s[%tid] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r, %ok = gpu.shuffle xor %v, %one, %w : f32
      %old = memref.atomic_rmw addf %r, %p[%c0] : (f32, memref<?xf32>) -> f32
      %q = vector.load %p[%c0] : memref<?xf32>, vector<4xf32>
      kfix.count site 0 counter 0
      gpu.return
    }
  }
}
