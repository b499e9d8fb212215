// RUN: kfix-translate --import-cuda %s | FileCheck %s
// RUN: env KFIX_NO_CUDA_TOOLKIT=1 kfix-translate --import-cuda %s | FileCheck %s
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// CHECK-LABEL: gpu.func @halfs(%{{.*}}: memref<?xf16>, %{{.*}}: memref<?xbf16>, %{{.*}}: memref<?xf32>)
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.addf %{{.*}} : f16
// CHECK: arith.mulf %{{.*}} : f16
// CHECK: math.exp %{{.*}} : f16
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: math.exp %{{.*}} fastmath<afn> : f32
// CHECK: math.tanh
// CHECK: math.rsqrt
// CHECK: arith.maxnumf
// CHECK: math.fma
// CHECK: arith.divf %{{.*}} fastmath<afn> : f32
// CHECK: math.erf
__global__ void halfs(__half *h, __nv_bfloat16 *b, float *f) {
  int i = threadIdx.x;
  float a = __half2float(h[i]);
  __half x = __float2half(a * 2.0f);
  x = __hadd(x, h[i]);
  x = x * h[i];
  h[i] = hexp(x);
  float c = __bfloat162float(b[i]);
  f[i] = __expf(c) + tanhf(c) + rsqrtf(c) + fmaxf(c, 0.0f) + fmaf(c, c, c) +
         __fdividef(c, 3.0f) + erff(c);
}

// CHECK-LABEL: gpu.func @twice_float
// CHECK-SAME: kfix.name = "twice<float>"
// CHECK-NOT: gpu.func @twice_double
template <typename T> __global__ void twice(T *x) { x[threadIdx.x] *= (T)2; }
template __global__ void twice<float>(float *);

// A __half2 pointer parameter is a buffer of f16 read two lanes at a time.
// CHECK-LABEL: gpu.func @half2_param
// CHECK-SAME: (%arg0: memref<?xf16>, %arg1: memref<?xf32>
// CHECK: vector.load %arg0[%{{.*}}] : memref<?xf16>, vector<2xf16>
__global__ void half2_param(const __half2 *h, float *y) {
  __half2 w = h[threadIdx.x];
  y[threadIdx.x] = __low2float(w) + __high2float(w);
}
