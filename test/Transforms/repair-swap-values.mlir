// RUN: kfix-opt %s --verify-each --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-swap-values{loc=t.cu:14}))' 2>&1 | FileCheck %s
// RUN: kfix-opt %s --verify-each --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-swap-values{loc=t.cu:14 pair=1}))' 2>&1 | FileCheck %s --check-prefix=PAIR1
// RUN: not kfix-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(kfix-repair-swap-values))' 2>&1 | FileCheck %s --check-prefix=ERR

// ERR: kfix-repair-swap-values: needs loc=<file:line[:col]>

// out[i] = silu(u) * g (line 14), the helper inlined: the two locals are
// exchanged; `g`, read after the use of `u` it replaces, is re-read there.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @swiglu
  // CHECK: %[[U:.*]] = memref.load %alloca_0[] {kfix.swap = 0 : i32} : memref<f32>
  // CHECK: %[[G0:.*]] = memref.load %alloca[] : memref<f32>
  // CHECK-NEXT: arith.negf %[[G0]]
  // CHECK: %[[Q:.*]] = arith.divf %[[G0]], %{{.*}} : f32
  // CHECK: arith.mulf %[[Q]], %[[U]]
  // CHECK: memref.store {{.*}} {kfix.repaired = "kfix-repair-swap-values"}
  // PAIR1-LABEL: gpu.func @swiglu
  // PAIR1-NOT: kfix.repaired
  // PAIR1: warning: kfix-repair-swap-values: no pair 1 of values at t.cu:14
  gpu.func @swiglu(%gate: memref<?xf32>, %up: memref<?xf32>, %out: memref<?xf32>) kernel
      attributes {kfix.name = "swiglu", kfix.arg_names = ["gate", "up", "out"],
                  kfix.arg_ctypes = ["const float *", "const float *", "float *"]} {
    %gv = memref.alloca() {kfix.var = "g"} : memref<f32>
    %uv = memref.alloca() {kfix.var = "u"} : memref<f32>
    %tx = gpu.thread_id x
    %a = memref.load %gate[%tx] : memref<?xf32>
    memref.store %a, %gv[] : memref<f32>
    %b = memref.load %up[%tx] : memref<?xf32>
    memref.store %b, %uv[] : memref<f32>
    %u = memref.load %uv[] : memref<f32> loc("t.cu":14:23)
    %one = arith.constant 1.0 : f32
    %n = arith.negf %u : f32 loc("t.cu":5:60)
    %e = math.exp %n : f32 loc("t.cu":5:55)
    %d = arith.addf %one, %e : f32 loc("t.cu":5:50)
    %q = arith.divf %u, %d : f32 loc("t.cu":5:45)
    %g = memref.load %gv[] : memref<f32> loc("t.cu":14:28)
    %r = arith.mulf %q, %g : f32 loc("t.cu":14:26)
    memref.store %r, %out[%tx] : memref<?xf32> loc("t.cu":14:16)
    gpu.return
  }
}

// -----

// Three values: two buffer elements and a parameter, x[i] * w[i] + bias.
// (x[i], w[i]) only commute a product and are skipped: pair 0 is (x[i], bias),
// pair 1 (w[i], bias).
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @affine
  // CHECK: %[[X:.*]] = memref.load %arg0
  // CHECK: %[[W:.*]] = memref.load %arg1
  // CHECK: %[[M:.*]] = arith.mulf %arg3, %[[W]]
  // CHECK: arith.addf %[[M]], %[[X]]
  // PAIR1-LABEL: gpu.func @affine
  // PAIR1: %[[X:.*]] = memref.load %arg0
  // PAIR1: %[[W:.*]] = memref.load %arg1
  // PAIR1: %[[M:.*]] = arith.mulf %[[X]], %arg3
  // PAIR1: arith.addf %[[M]], %[[W]]
  gpu.func @affine(%x: memref<?xf32>, %w: memref<?xf32>, %y: memref<?xf32>, %bias: f32) kernel
      attributes {kfix.name = "affine", kfix.arg_names = ["x", "w", "y", "bias"],
                  kfix.arg_ctypes = ["const float *", "const float *", "float *", "float"]} {
    %tx = gpu.thread_id x
    %a = memref.load %x[%tx] : memref<?xf32> loc("t.cu":14:10)
    %b = memref.load %w[%tx] : memref<?xf32> loc("t.cu":14:17)
    %m = arith.mulf %a, %b : f32 loc("t.cu":14:15)
    %s = arith.addf %m, %bias : f32 loc("t.cu":14:22)
    memref.store %s, %y[%tx] : memref<?xf32> loc("t.cu":14:5)
    gpu.return
  }
}

// -----

// Refusals: a plain copy, an integer store and a store at another line.
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @copy
  // CHECK-NOT: kfix.repaired
  // CHECK: gpu.return
  gpu.func @copy(%x: memref<?xf32>, %y: memref<?xf32>, %k: memref<?xi32>, %n: i32) kernel
      attributes {kfix.name = "copy", kfix.arg_names = ["x", "y", "k", "n"],
                  kfix.arg_ctypes = ["const float *", "float *", "int *", "int"]} {
    %tx = gpu.thread_id x
    %a = memref.load %x[%tx] : memref<?xf32> loc("t.cu":14:10)
    memref.store %a, %y[%tx] : memref<?xf32> loc("t.cu":14:5)
    %t = arith.index_castui %tx : index to i32
    %s = arith.subi %n, %t : i32 loc("t.cu":14:30)
    memref.store %s, %k[%tx] : memref<?xi32> loc("t.cu":14:25)
    %b = memref.load %x[%tx] : memref<?xf32> loc("t.cu":15:10)
    %c = arith.subf %b, %a : f32 loc("t.cu":15:12)
    memref.store %c, %y[%tx] : memref<?xf32> loc("t.cu":15:5)
    gpu.return
  }
}
