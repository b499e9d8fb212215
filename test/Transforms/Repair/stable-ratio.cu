// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo | kfix-opt --mlir-print-debuginfo '--kfix-repair-edit=loc=%s:19:26 kind=stable-ratio op=arith.divf' | kfix-translate --export-cuda | FileCheck %s --check-prefix=TANH
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo | kfix-opt --mlir-print-debuginfo '--kfix-repair-edit=loc=%s:10:13 kind=stable-ratio op=arith.divf' | kfix-translate --export-cuda | FileCheck %s --check-prefix=SIGMOID
// RUN: kfix-translate --import-cuda %s --mlir-print-debuginfo | not kfix-opt '--kfix-repair-edit=loc=%s:20:25 kind=stable-ratio op=arith.divf' 2>&1 | FileCheck %s --check-prefix=OTHER

// A hand-written tanh and sigmoid as ratios of two sums of one exponential:
// NaN (inf / inf) once it overflows. The `stable-ratio` edit computes the same
// value as 1 + (a - b) / (E + b), keeping the denominator.
__device__ float fast_sigmoid(float x) {
  float ex = __expf(x);
  return ex / (ex + 1.0f);
}

__global__ void act(const float *in, const float *w, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float u = in[i];
  float e2 = expf(2.0f * u);
  float th = (e2 - 1.0f) / (1.0f + e2);
  float q = (e2 - 1.0f) / (w[i] + 1.0f);
  out[i] = th + fast_sigmoid(u) + q;
}

// TANH: th = 1.0f + -2.0f / (1.0f + e2);
// TANH: q = (e2 - 1.0f) / (w[i] + 1.0f);
// SIGMOID: 1.0f + -1.0f / (ex + 1.0f)
// Two sums of different terms: no such ratio.
// OTHER: error: kfix-repair-edit: no ratio of two sums of one term
