// RUN: kfix-translate --export-cuda %s | FileCheck %s
// Inlining keeps the order of side effects: reads are bound before clobbering writes,
// atomics stay in place, a local read twice is inlined until written. Helpers, printf.
// CHECK: #include <cstdio>
// CHECK-EMPTY:
// CHECK-NEXT: static __device__ __forceinline__ unsigned kfix_lane_id() {
// CHECK-NEXT:   unsigned lane;
// CHECK-NEXT:   asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
// CHECK-NEXT:   return lane;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // fmaxf that propagates NaN (arith.maximumf).
// CHECK-NEXT: static __device__ __forceinline__ float kfix_fmaximumf(float a, float b) {
// CHECK-NEXT:   return isnan(a) || isnan(b) ? __int_as_float(0x7fffffff) : fmaxf(a, b);
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // atomicMax on float through compare-and-swap.
// CHECK-NEXT: static __device__ __forceinline__ float kfix_atomicMaxf(float *p, float v) {
// CHECK-NEXT:   int old = __float_as_int(*p), assumed;
// CHECK-NEXT:   do {
// CHECK-NEXT:     assumed = old;
// CHECK-NEXT:     old = atomicCAS(reinterpret_cast<int *>(p), assumed,
// CHECK-NEXT:                     __float_as_int(fmaxf(__int_as_float(assumed), v)));
// CHECK-NEXT:   } while (assumed != old);
// CHECK-NEXT:   return __int_as_float(old);
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-LABEL: __global__ void ordering(float *x, float *y, int *cnt) {
// CHECK-NEXT:   const float t0 = x[0];
// CHECK-NEXT:   y[1] = 1.0f;
// CHECK-NEXT:   x[1] = t0;
// CHECK-NEXT:   int t = 5;
// CHECK-NEXT:   const int t1 = t;
// CHECK-NEXT:   const int t2 = t + t;
// CHECK-NEXT:   t = 7;
// CHECK-NEXT:   const int t3 = atomicAdd(&cnt[0], 1);
// CHECK-NEXT:   y[0] = (float)(t3 + cnt[1] + (t2 + t1));
// CHECK-NEXT:   kfix_atomicMaxf(&y[1], kfix_fmaximumf((float)kfix_lane_id(), 1.0f));
// CHECK-NEXT:   printf("lane %d\n", kfix_lane_id());
// CHECK-NEXT: }

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Reads must not move past writes that may clobber them; atomics keep
    // their place; a local read twice is inlined until it is written.
    gpu.func @ordering(%x: memref<?xf32>, %y: memref<?xf32>, %cnt: memref<?xi32>) kernel
        attributes {kfix.name = "ordering", kfix.arg_names = ["x", "y", "cnt"],
                    kfix.arg_ctypes = ["float *", "float *", "int *"]} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1.0 : f32
      %v = memref.load %x[%c0] : memref<?xf32>
      memref.store %one, %y[%c1] : memref<?xf32>
      memref.store %v, %x[%c1] : memref<?xf32>
      %t = memref.alloca() {kfix.var = "t"} : memref<i32>
      %c5 = arith.constant 5 : i32
      memref.store %c5, %t[] : memref<i32>
      %tv = memref.load %t[] : memref<i32>
      %a = arith.addi %tv, %tv : i32
      %c7 = arith.constant 7 : i32
      memref.store %c7, %t[] : memref<i32>
      %b = arith.addi %a, %tv : i32
      %ci = arith.constant 1 : i32
      %old = memref.atomic_rmw addi %ci, %cnt[%c0] : (i32, memref<?xi32>) -> i32
      %w = memref.load %cnt[%c1] : memref<?xi32>
      %s = arith.addi %old, %w : i32
      %s2 = arith.addi %s, %b : i32
      %f = arith.sitofp %s2 : i32 to f32
      memref.store %f, %y[%c0] : memref<?xf32>
      %lane = gpu.lane_id
      %l32 = arith.index_castui %lane : index to i32
      %lf = arith.uitofp %l32 : i32 to f32
      %m = arith.maximumf %lf, %one : f32
      %amx = memref.atomic_rmw maximumf %m, %y[%c1] : (f32, memref<?xf32>) -> f32
      gpu.printf "lane %d\n", %l32 : i32
      gpu.return
    }
  }
}
