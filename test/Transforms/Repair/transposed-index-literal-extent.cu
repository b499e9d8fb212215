// RUN: kfix-translate --import-cuda %s | kfix-opt --verify-each '--kfix-repair-transposed-index=fix=swap shape=weight[D][4]' | FileCheck %s --check-prefix=SWAP
// RUN: kfix-translate --import-cuda %s | kfix-opt --verify-each '--kfix-repair-transposed-index=fix=swap shape=weight[D][4]' | kfix-translate --export-cuda | FileCheck %s --check-prefix=CUDA

// A [D][KW] weight read as [KW][D] (`weight[k * D + d]`) in a template
// instantiated with KW = 4: the declared shape's inner extent is a literal, so
// the swapped index strides d by 4 (it was left with a unit stride, `d * 1 + k`).

template <int KW>
__global__ void taps(const float *weight, float *out, int D) {
  int d = blockIdx.x * blockDim.x + threadIdx.x;
  if (d >= D)
    return;
  float s = 0.0f;
  for (int k = 0; k < KW; ++k)
    s += (k + 1) * weight[k * D + d];
  out[d] = s;
}

template __global__ void taps<4>(const float *, float *, int);

// SWAP: %[[C4:.*]] = arith.constant {kfix.repaired = "kfix-repair-transposed-index"} 4 : i32
// SWAP: arith.muli %{{.*}}, %[[C4]] {kfix.repaired = "kfix-repair-transposed-index"}
// CUDA: weight[d * 4 + k]
