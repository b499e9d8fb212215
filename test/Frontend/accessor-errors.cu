// Tensor accessor uses the lifter does not support: FILE:LINE:COL: error, exit 1.
// RUN: not kfix-translate --import-cuda %s -DCASE_DATA 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: not kfix-translate --import-cuda %s -DCASE_REF 2>&1 | FileCheck %s --check-prefix=REF
// RUN: not kfix-translate --import-cuda %s -DCASE_PAST 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not kfix-translate --import-cuda %s -DCASE_WHOLE 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: not kfix-translate --import-cuda %s -DCASE_CONSTWRITE 2>&1 | FileCheck %s --check-prefix=CONSTWRITE
#include <torch/extension.h>

#ifdef CASE_DATA
// DATA: accessor-errors.cu:[[@LINE+3]]:16: error: kfix cannot lift data() of a tensor accessor of rank 2 (a flat pointer into an N-D buffer; rank 1 is supported)
// DATA-NOT: gpu.func
__global__ void k(torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> x) {
  float *p = x.data();
  p[threadIdx.x] = 0.0f;
}
#endif

#ifdef CASE_REF
// REF: accessor-errors.cu:[[@LINE+1]]:92: error: kfix cannot lift a reference kernel parameter
__global__ void k(const torch::PackedTensorAccessor32<float, 1, torch::RestrictPtrTraits> &x,
                  float *y) {
  y[0] = x[0];
}
#endif

#ifdef CASE_PAST
// PAST: accessor-errors.cu:[[@LINE+2]]:12: error: kfix cannot lift size(2) of a tensor accessor of rank 2
__global__ void k(torch::PackedTensorAccessor32<float, 2> x, int *n) {
  n[0] = x.size(2);
}
#endif

#ifdef CASE_WHOLE
// A row used as a value (not an element).
// WHOLE: accessor-errors.cu:[[@LINE+3]]:16: error: kfix cannot lift this use of a tensor accessor
__device__ float first(torch::TensorAccessor<float, 1, torch::RestrictPtrTraits, int> r) { return r[0]; }
__global__ void k(torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> x, float *y) {
  auto rows = (threadIdx.x ? x : x);
  y[0] = rows[0][0];
}
#endif

#ifdef CASE_CONSTWRITE
// A const accessor is read-only, as in PyTorch: Clang rejects the write.
// CONSTWRITE: accessor-errors.cu:[[@LINE+2]]:8: error:
__global__ void k(const torch::PackedTensorAccessor32<float, 1, torch::RestrictPtrTraits> x) {
  x[0] = 1.0f;
}
#endif
