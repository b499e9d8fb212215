// RUN: kfix-opt %s --kfix-lower-to-nvvm | kfix-translate --kfix-extract-ptx | FileCheck %s
// Without kfix ops the trace lowering adds nothing: no global, no atomics.

// CHECK-NOT: __kfix_trace
// CHECK-LABEL: .visible .entry plain(
// CHECK-NOT: atom
// CHECK-NOT: __kfix_trace
// CHECK: ld.global.b32
// CHECK: st.global.b32
// CHECK: ret;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @plain(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      memref.store %v, %y[%i] : memref<?xf32>
      gpu.return
    }
  }
}
