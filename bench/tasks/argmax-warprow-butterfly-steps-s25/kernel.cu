// Greedy-decoding argmax over the vocabulary: one warp per row of logits, no top-k.
#include <cuda_runtime.h>
#include <cstdint>
#include <cfloat>

namespace {

constexpr int kWarpSize = 32;
constexpr int kLog2WarpSize = 5;
constexpr unsigned kFullMask = 0xffffffffu;

// (value, index) pair, larger value wins, ties go to the smaller index.
__device__ __forceinline__ void argmax_combine(float& val, int& idx, float other_val, int other_idx) {
  if (other_val > val || (other_val == val && other_idx < idx)) {
    val = other_val;
    idx = other_idx;
  }
}

__device__ __forceinline__ void warp_argmax(float& val, int& idx) {
#pragma unroll
  for (int i = 1; i < kLog2WarpSize; ++i) {
    const int offset = kWarpSize >> i;
    const float other_val = __shfl_xor_sync(kFullMask, val, offset);
    const int other_idx = __shfl_xor_sync(kFullMask, idx, offset);
    argmax_combine(val, idx, other_val, other_idx);
  }
}

}  // namespace

template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK) argmax_lastdim_warp_kernel(
    const scalar_t* __restrict__ logits, int* __restrict__ out_idx, float* __restrict__ out_val,
    int rows, int vocab) {
  constexpr int kWarpsPerBlock = BLOCK / kWarpSize;
  const int row = blockIdx.x * kWarpsPerBlock + threadIdx.x / kWarpSize;
  const int lane = threadIdx.x % kWarpSize;
  if (row >= rows) return;

  const scalar_t* x = logits + static_cast<int64_t>(row) * vocab;
  float best = -FLT_MAX;
  int best_idx = 0x7fffffff;
  for (int j = lane; j < vocab; j += kWarpSize) {
    argmax_combine(best, best_idx, static_cast<float>(x[j]), j);
  }
  warp_argmax(best, best_idx);
  if (lane == 0) {
    out_idx[row] = best_idx;
    out_val[row] = best;
  }
}

template __global__ void argmax_lastdim_warp_kernel<float, 128>(const float*, int*, float*, int, int);
