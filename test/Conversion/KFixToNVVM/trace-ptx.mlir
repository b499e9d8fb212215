// RUN: kfix-opt %s --kfix-lower-to-nvvm | kfix-translate --kfix-extract-ptx | FileCheck %s
// An instrumented kernel writes into the trace buffer through the global
// __kfix_trace with global-space atomics and stores.

// CHECK: .visible .global .align 8 .u64 __kfix_trace;
// CHECK-LABEL: .visible .entry traced(
// CHECK: ld.global.b64 {{.*}}[__kfix_trace]
// CHECK: atom.global.add.u64
// CHECK: st.global.b32
// CHECK: st.global.b64
// CHECK: st.global.b64 {{.*}}+32]
// CHECK-NOT: kfix
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @traced(%x: memref<?xf32>, %n: i32) kernel {
      %i = gpu.thread_id x
      %ni = arith.index_cast %n : i32 to index
      %ok = arith.cmpi ult, %i, %ni : index
      kfix.count site 1 counter 0
      kfix.check bounds %ok site 0 details(%i, %ni : index, index)
      %v = memref.load %x[%i] : memref<?xf32>
      kfix.probe "v" %v site 2 : f32
      gpu.return
    }
  }
}
