// Null tests of kernel pointer parameters (an optional bias passed as nullptr)
// lift to a test of the buffer's size: a null pointer is a buffer with no elements.
// RUN: kfix-translate --import-cuda %s | FileCheck %s
// RUN: not kfix-translate --import-cuda %s -DCASE_OFFSET 2>&1 | FileCheck %s --check-prefix=OFFSET
// RUN: not kfix-translate --import-cuda %s -DCASE_SHARED 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: not kfix-translate --import-cuda %s -DCASE_MOVED 2>&1 | FileCheck %s --check-prefix=MOVED
// RUN: not kfix-translate --import-cuda %s -DCASE_TWO 2>&1 | FileCheck %s --check-prefix=TWO

#ifndef NULL
#define NULL 0
#endif

// CHECK-LABEL: gpu.func @ne_null
// CHECK-SAME: (%{{[a-z0-9_]+}}: memref<?xf32>, %[[B:[a-z0-9_]+]]: memref<?xf32>,
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = memref.dim %[[B]], %[[C0]] : memref<?xf32>
// CHECK: %[[T:.*]] = arith.cmpi ne, %[[D]], %[[C0]] : index
// CHECK: scf.if %[[T]]
__global__ void ne_null(const float *x, const float *bias, float *y, int n, int c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  if (bias != nullptr) v += bias[i % c];
  y[i] = v;
}

// Every spelling: `== NULL`, `0 == p`, `!p`, `if (p)`, `p ? a : b`, a device
// function's parameter, a local copy, `&&` with a flag.
// CHECK-LABEL: gpu.func @spellings
// CHECK-SAME: %[[B:[a-z0-9_]+]]: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: i32, %{{.*}}: i1)
// CHECK-COUNT-7: memref.dim %[[B]], %{{.*}} : memref<?xf32>
// CHECK-NOT: memref.dim
// CHECK: gpu.return
__device__ float bias_at(const float *b, int c) { return b ? b[c] : 0.0f; }

__global__ void spellings(const float *bias, float *y, int n, bool flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = 0.0f;
  if (bias == NULL) v -= 1.0f;
  if (0 == bias) v -= 2.0f;
  if (!bias) v -= 4.0f;
  if (bias) v += 1.0f;
  v += bias ? bias[0] : 0.5f;
  v += bias_at(bias, 0);
  const float *b = bias;
  if (b && flag) v += b[0];
  y[i] = v;
}

// `p == nullptr` is `cmpi eq`.
// CHECK-LABEL: gpu.func @eq_null
// CHECK: %[[D:.*]] = memref.dim
// CHECK: arith.cmpi eq, %[[D]], %{{.*}} : index
__global__ void eq_null(const float *bias, float *y) {
  if (bias == nullptr) y[threadIdx.x] = 0.0f;
}

#ifdef CASE_OFFSET
// OFFSET: null-tests.cu:[[@LINE+2]]:16: error: kfix cannot lift a null test of a pointer that is not a kernel parameter
__global__ void k(const float *bias, float *y) {
  if (bias + 1 != nullptr) y[0] = 1.0f;
}
#endif

#ifdef CASE_SHARED
// SHARED: null-tests.cu:[[@LINE+4]]:7: error: kfix cannot lift a null test of a pointer that is not a kernel parameter
__global__ void k(float *y) {
  __shared__ float s[32];
  float *p = s;
  if (p) y[0] = 1.0f;
}
#endif

#ifdef CASE_MOVED
// MOVED: null-tests.cu:[[@LINE+3]]:7: error: kfix cannot lift a null test of a pointer that is not a kernel parameter
__global__ void k(const float *bias, float *y, int n) {
  bias += n;
  if (bias) y[0] = bias[0];
}
#endif

#ifdef CASE_TWO
// TWO: null-tests.cu:[[@LINE+2]]:9: error: kfix cannot lift pointer comparison or difference
__global__ void k(const float *a, const float *b, float *y) {
  if (a != b) y[0] = 1.0f;
}
#endif
