// RUN: kfix-translate --export-cuda %s | FileCheck %s
// RUN: kfix-translate --export-cuda %s -o %t.cu && kfix-translate --import-cuda %t.cu | FileCheck %s --check-prefix=LIFT
// A kernel parameter's size compared with 0 (the lifted null test of an optional
// pointer) prints back as the pointer test, both operand orders, eq and ne; the
// size read itself is not printed. Lifting the export gives the size test again.

// CHECK-LABEL: __global__ void add_bias(const float *x, const float *bias, float *y, int n) {
// CHECK:   if (bias != nullptr) {
// CHECK:   y[{{.*}}] = {{.*}}bias == nullptr ? 0.0f : 1.0f
// CHECK-NOT: memref
// LIFT-LABEL: gpu.func @add_bias
// LIFT: memref.dim %arg1, %{{.*}} : memref<?xf32>
// LIFT: arith.cmpi ne
// LIFT: memref.dim %arg1, %{{.*}} : memref<?xf32>
// LIFT: arith.cmpi eq
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_bias(%x: memref<?xf32>, %bias: memref<?xf32>, %y: memref<?xf32>, %n: i32)
        kernel attributes {kfix.name = "add_bias", kfix.arg_names = ["x", "bias", "y", "n"],
                           kfix.arg_ctypes = ["const float *", "const float *", "float *", "int"]} {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %v = memref.load %x[%tid] : memref<?xf32>
      %d = memref.dim %bias, %c0 : memref<?xf32>
      %has = arith.cmpi ne, %d, %c0 : index
      scf.if %has {
        %b = memref.load %bias[%tid] : memref<?xf32>
        %s = arith.addf %v, %b : f32
        memref.store %s, %y[%tid] : memref<?xf32>
      }
      %d2 = memref.dim %bias, %c0 : memref<?xf32>
      %none = arith.cmpi eq, %c0, %d2 : index
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1.0 : f32
      %r = arith.select %none, %zero, %one : f32
      %c1 = arith.constant 1 : index
      %at = arith.addi %tid, %c1 : index
      memref.store %r, %y[%at] : memref<?xf32>
      gpu.return
    }
  }
}
