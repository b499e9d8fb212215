// Host-only includes and host code with errors do not stop lifting; --verbose shows them.
// RUN: kfix-translate --import-cuda %s | FileCheck %s
// RUN: kfix-translate --import-cuda %s --verbose 2>&1 >/dev/null | FileCheck %s --check-prefix=VERBOSE
// RUN: env KFIX_NO_CUDA_TOOLKIT=1 kfix-translate --import-cuda %s | FileCheck %s
// RUN: kfix-translate --import-cuda %s --kernel 'scale<double>' | FileCheck %s --check-prefix=PICK
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include "not/a/real/header.h"

// CHECK-LABEL: gpu.func @relu
// CHECK-LABEL: gpu.func @scale_float
// CHECK-SAME: kfix.name = "scale<float>"
// CHECK-NOT: scale_double
__global__ void relu(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = fmaxf(x[i], 0.0f);
}

template <typename T> __global__ void scale(T *x, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

torch::Tensor relu_cuda(torch::Tensor x) {
  relu<<<(x.numel() + 255) / 256, 256>>>(x.data_ptr<float>(), x.numel());
  scale<float><<<1, 1>>>(x.data_ptr<float>(), 2.0f, 1);
  return x;
}

// VERBOSE: error: {{.*}}not/a/real/header.h{{.*}} [host code: ignored]
// PICK-LABEL: gpu.func @scale_double
// PICK-SAME: kfix.name = "scale<double>"
// PICK-NOT: gpu.func
