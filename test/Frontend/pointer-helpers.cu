// A device helper returning a pointer (a batch's base, a row's address) is
// inlined: the pointer of its single trailing return is the call's value
// (lib/Frontend/LiftCalls.cpp, emitPointerCall).
// RUN: kfix-translate --import-cuda %s | FileCheck %s
// RUN: not kfix-translate --import-cuda %s -DCASE_TWO_RETURNS 2>&1 | FileCheck %s --check-prefix=TWO

template <typename T>
__device__ const T *batch_slice(const T *base, int b, int rows, int D) {
  return base + (size_t)b * rows * D;
}
__device__ float *row_of(float *y, int r, int D) { return &y[r * D]; }

// CHECK-LABEL: gpu.func @k
// CHECK: %[[B:.*]] = gpu.block_id  y
// CHECK: memref.load %arg0[
// CHECK: arith.mulf
// CHECK: memref.store {{.*}}, %arg1[
__global__ void k(const float *x, float *y, int S, int D) {
  int b = blockIdx.y, r = blockIdx.x, d = threadIdx.x;
  if (d >= D)
    return;
  const float *xb = batch_slice(x, b, S, D);
  float *yr = row_of(y, b * S + r, D);
  yr[d] = xb[r * D + d] * 2.0f;
}

#ifdef CASE_TWO_RETURNS
__device__ const float *pick(const float *a, int i) {
  if (i > 0)
    return a + i;
  return a;
}
// TWO: pointer-helpers.cu:[[@LINE+2]]:{{[0-9]+}}: error: kfix cannot lift a helper returning a pointer other than by one trailing return
__global__ void k2(const float *x, float *y) {
  y[0] = pick(x, threadIdx.x)[0];
}
#endif
