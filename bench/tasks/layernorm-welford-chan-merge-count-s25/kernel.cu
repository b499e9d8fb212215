// LayerNorm forward (one block per row) with a Welford reduction:
// per-thread online update, warp butterfly combine, then a cross-warp combine through shared memory.
#include <cuda_runtime.h>
#include <cstdint>

namespace {

constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kWarpSize = 32;

template <typename acc_t>
__device__ __forceinline__ void welford_update(acc_t x, acc_t& mean, acc_t& m2, acc_t& count) {
  count += acc_t(1);
  const acc_t delta = x - mean;
  mean += delta / count;
  m2 += delta * (x - mean);
}

// Chan et al.: fold the partial (mean_b, m2_b, count_b) into (mean, m2, count).
template <typename acc_t>
__device__ __forceinline__ void welford_combine(acc_t mean_b, acc_t m2_b, acc_t count_b,
                                                acc_t& mean, acc_t& m2, acc_t& count) {
  if (count_b == acc_t(0)) return;
  const acc_t n_a = count;
  count += count_b;
  const acc_t delta = mean_b - mean;
  mean = (n_a * mean + count_b * mean_b) / count;
  m2 += m2_b + delta * delta * count * count_b / count;
}

template <typename acc_t>
__device__ __forceinline__ void warp_welford(acc_t& mean, acc_t& m2, acc_t& count) {
#pragma unroll
  for (int offset = kWarpSize / 2; offset > 0; offset >>= 1) {
    const acc_t mean_b = __shfl_xor_sync(kFullMask, mean, offset);
    const acc_t m2_b = __shfl_xor_sync(kFullMask, m2, offset);
    const acc_t count_b = __shfl_xor_sync(kFullMask, count, offset);
    welford_combine(mean_b, m2_b, count_b, mean, m2, count);
  }
}

}  // namespace

template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK) layer_norm_welford_fwd_kernel(
    const scalar_t* __restrict__ X, const scalar_t* __restrict__ gamma,
    const scalar_t* __restrict__ beta, scalar_t* __restrict__ Y,
    float* __restrict__ mean_out, float* __restrict__ rstd_out, int N, float eps) {
  using acc_t = float;
  constexpr int kNumWarps = BLOCK / kWarpSize;
  __shared__ acc_t s_mean[kNumWarps];
  __shared__ acc_t s_m2[kNumWarps];
  __shared__ acc_t s_count[kNumWarps];
  __shared__ acc_t s_stats[2];

  const int64_t row = blockIdx.x;
  const int tid = threadIdx.x;
  const int lane = tid % kWarpSize;
  const int warp = tid / kWarpSize;
  const scalar_t* x = X + row * N;

  acc_t mean = 0, m2 = 0, count = 0;
  for (int j = tid; j < N; j += BLOCK) {
    welford_update(static_cast<acc_t>(x[j]), mean, m2, count);
  }
  warp_welford(mean, m2, count);
  if (lane == 0) {
    s_mean[warp] = mean;
    s_m2[warp] = m2;
    s_count[warp] = count;
  }
  __syncthreads();

  if (warp == 0) {
    mean = lane < kNumWarps ? s_mean[lane] : acc_t(0);
    m2 = lane < kNumWarps ? s_m2[lane] : acc_t(0);
    count = lane < kNumWarps ? s_count[lane] : acc_t(0);
    warp_welford(mean, m2, count);
    if (lane == 0) {
      const acc_t var = m2 / count;
      const acc_t rstd = rsqrtf(var + eps);
      s_stats[0] = mean;
      s_stats[1] = rstd;
      mean_out[row] = mean;
      rstd_out[row] = rstd;
    }
  }
  __syncthreads();

  const acc_t mu = s_stats[0];
  const acc_t rstd = s_stats[1];
  scalar_t* y = Y + row * N;
  for (int j = tid; j < N; j += BLOCK) {
    const acc_t v = (static_cast<acc_t>(x[j]) - mu) * rstd;
    y[j] = static_cast<scalar_t>(v * static_cast<acc_t>(gamma[j]) + static_cast<acc_t>(beta[j]));
  }
}

template __global__ void layer_norm_welford_fwd_kernel<float, 128>(
    const float*, const float*, const float*, float*, float*, float*, int, float);
