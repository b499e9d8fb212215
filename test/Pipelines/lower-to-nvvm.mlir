// RUN: kfix-opt %s --kfix-lower-to-nvvm | kfix-translate --kfix-extract-ptx | FileCheck %s
// RUN: kfix-opt %s --kfix-lower-to-nvvm="chip=sm_80 features=+ptx70" | kfix-translate --kfix-extract-ptx | FileCheck %s --check-prefix=SM80

// CHECK: .target sm_90
// SM80: .target sm_80
// CHECK: .visible .entry scale(
// CHECK: bar.sync
// CHECK: shfl.sync.down.b32
// CHECK: atom.global.add.f32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32)
        workgroup(%sh: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %t = arith.muli %bid, %bdim : index
      %i = arith.addi %t, %tid : index
      %ni = arith.index_cast %n : i32 to index
      %c = arith.cmpi slt, %i, %ni : index
      scf.if %c {
        %v = memref.load %x[%i] : memref<?xf32>
        memref.store %v, %sh[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = arith.constant 32 : i32
        %o = arith.constant 1 : i32
        %s, %ok = gpu.shuffle down %v, %o, %w : f32
        %a = memref.atomic_rmw addf %s, %y[%i] : (f32, memref<?xf32>) -> f32
      }
      gpu.return
    }
  }
}
