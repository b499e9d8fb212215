// Without libdevice every f32 math op still lowers, to polynomial
// approximations and exact instructions: no libdevice call is left.
// RUN: kfix-opt %s --kfix-lower-to-nvvm=libdevice=none | kfix-translate --kfix-extract-ptx | FileCheck %s --check-prefix=FALLBACK

// FALLBACK-NOT: .extern
// FALLBACK-NOT: __nv_
// FALLBACK-LABEL: .visible .entry m32(
// exp, log, erf, tanh through polynomials: floor for the range reduction.
// FALLBACK: cvt.rmi.f32.f32
// rsqrt is 1 / sqrt, both correctly rounded.
// FALLBACK: sqrt.rn.f32
// FALLBACK: rcp.rn.f32
// FALLBACK-NOT: call
// FALLBACK: ret;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @m32(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
      %tid = gpu.thread_id x
      %v = memref.load %x[%tid] : memref<?xf32>
      %a = math.exp %v : f32
      %b = math.log %a : f32
      %c = math.tanh %b : f32
      %e = math.erf %c : f32
      %p = math.powf %e, %v : f32
      %r = math.rsqrt %p : f32
      %s = math.sqrt %r : f32
      %q = math.exp2 %s : f32
      %h = arith.truncf %q : f32 to f16
      %he = math.exp %h : f16
      %hq = arith.extf %he : f16 to f32
      memref.store %hq, %y[%tid] : memref<?xf32>
      gpu.return
    }
  }
}

