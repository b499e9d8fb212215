// RUN: kfix-opt %s | kfix-opt | FileCheck %s
// RUN: kfix-opt %s --mlir-print-op-generic | kfix-opt | FileCheck %s

// CHECK-LABEL: gpu.func @observe
gpu.module @m {
  gpu.func @observe(%buf: memref<?xf32>, %i: index, %v: f32, %c: i1) kernel {
    // CHECK: kfix.probe "acc" %{{.*}} site 0 : f32
    kfix.probe "acc" %v site 0 : f32
    // CHECK: kfix.check bounds %{{.*}} site 1 details(%{{.*}}, %{{.*}} : index, index)
    kfix.check bounds %c site 1 details(%i, %i : index, index)
    // CHECK: kfix.check nan %{{.*}} site 2
    kfix.check nan %c site 2
    // CHECK: kfix.count site 3 counter 1
    kfix.count site 3 counter 1
    // CHECK: kfix.access write %{{.*}}[%{{.*}}] site 4 : memref<?xf32>
    kfix.access write %buf[%i] site 4 : memref<?xf32>
    gpu.return
  }
}
