// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-probe{loc=k.cu:7}))' | FileCheck %s
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-probe{loc=k.cu:7:20,k.cu:9}))' | FileCheck %s --check-prefix=TWO
// RUN: kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-instrument-probe{loc=k.cu:7},kfix-instrument-probe{loc=k.cu:7}))' | FileCheck %s --check-prefix=TWICE

#l6 = loc("/src/k.cu":6:3)
#l7a = loc("/src/k.cu":7:11)
#l7b = loc("/src/k.cu":7:20)
#l9 = loc("/src/k.cu":9:5)
gpu.module @m {
  // CHECK-LABEL: gpu.func @acc
  // CHECK-SAME: kfix.instrumented.probe
  gpu.func @acc(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
    %i = gpu.thread_id x
    %a = memref.alloca() {kfix.var = "sum"} : memref<f32> loc(#l6)
    // CHECK: %[[V:.*]] = memref.load
    // CHECK-NEXT: kfix.probe "memref.load" %[[V]] site 0 : f32
    // TWO-NOT: kfix.probe "memref.load"
    %v = memref.load %x[%i] : memref<?xf32> loc(#l7a)
    // CHECK: %[[S:.*]] = memref.load %{{.*}}[] : memref<f32>
    // CHECK-NEXT: kfix.probe "sum" %[[S]] site 1 : f32
    %s = memref.load %a[] : memref<f32> loc(#l7b)
    // CHECK: %[[T:.*]] = arith.addf
    // CHECK-NEXT: kfix.probe "arith.addf" %[[T]] site 2 : f32
    // TWO: %[[T:.*]] = arith.addf
    // TWO-NEXT: kfix.probe "arith.addf" %[[T]] site 1 : f32
    %t = arith.addf %s, %v : f32 loc(#l7b)
    // CHECK-NEXT: memref.store
    // TWO: kfix.probe "store sum" %[[T]] site 2 : f32
    // TWO-NEXT: memref.store
    memref.store %t, %a[] : memref<f32> loc(#l9)
    // TWICE-COUNT-3: kfix.probe
    // TWICE-NOT: kfix.probe
    gpu.return
  }
}

