// REQUIRES: libdevice
// With libdevice linked, f32 and f64 math become its (inlined) implementations:
// no call and no unresolved symbol is left in the PTX.
// RUN: kfix-opt %s --kfix-lower-to-nvvm=libdevice=%libdevice | kfix-translate --kfix-extract-ptx | FileCheck %s

// CHECK-NOT: .extern
// CHECK-LABEL: .visible .entry m(
// CHECK-NOT: __nv_
// CHECK: ex2.approx
// CHECK: rsqrt.approx.f64
// CHECK: ret;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @m(%x: memref<?xf32>, %d: memref<?xf64>) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %x[%tid] : memref<?xf32>
      %a = math.exp %v : f32
      %b = math.log %a : f32
      %c = math.tanh %b : f32
      %e = math.erf %c : f32
      %p = math.powf %e, %v : f32
      %r = math.rsqrt %p : f32
      memref.store %r, %x[%tid] : memref<?xf32>
      %dv = memref.load %d[%tid] : memref<?xf64>
      %da = math.exp %dv : f64
      %db = math.log %da : f64
      %dc = math.tanh %db : f64
      %de = math.erf %dc : f64
      %dp = math.powf %de, %dv : f64
      %dr = math.rsqrt %dp : f64
      memref.store %dr, %d[%tid] : memref<?xf64>
      gpu.return
    }
  }
}
