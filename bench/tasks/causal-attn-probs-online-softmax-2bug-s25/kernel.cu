// Causal attention probabilities P = softmax(scale * Q K^T) for decoding with a KV cache
// (bottom-right aligned mask: query s sees keys t <= s + seq_k - seq_q).
// One warp per query row; pass 1 keeps a per-lane online (max, sum), merged across the warp;
// pass 2 recomputes the scores and writes the normalized probabilities.
#include <cuda_runtime.h>
#include <cstdint>
#include <math.h>

namespace {

constexpr int kWarpSize = 32;
constexpr unsigned kFullMask = 0xffffffffu;

template <typename scalar_t>
__device__ __forceinline__ float dot_row(const scalar_t* __restrict__ a, const scalar_t* __restrict__ b,
                                         int n) {
  float acc = 0.0f;
#pragma unroll 4
  for (int d = 0; d < n; ++d) acc += static_cast<float>(a[d]) * static_cast<float>(b[d]);
  return acc;
}

__device__ __forceinline__ void online_update(float& m, float& l, float x) {
  const float m_new = fmaxf(m, x);
  l = l * __expf(m - m_new) + __expf(x - m_new);
  m = m_new;
}

// Merge another lane's (m_o, l_o) into (m, l).
__device__ __forceinline__ void online_merge(float& m, float& l, float m_o, float l_o) {
  const float m_new = fmaxf(m, m_o);
  if (m_new == -INFINITY) return;  // both partials are empty
  l = l + l_o * __expf(m_o - m_new);
  m = m_new;
}

}  // namespace

template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK) causal_attn_probs_kernel(
    const scalar_t* __restrict__ q, const scalar_t* __restrict__ k, float* __restrict__ probs,
    int batch_heads, int seq_q, int seq_k, int head_dim, float scale) {
  constexpr int kWarpsPerBlock = BLOCK / kWarpSize;
  const int row = blockIdx.x * kWarpsPerBlock + threadIdx.x / kWarpSize;
  const int lane = threadIdx.x % kWarpSize;
  if (row >= batch_heads * seq_q) return;

  const int bh = row / seq_q;
  const int s = row % seq_q;
  const int last_key = s + (seq_k - seq_q);  // inclusive
  const scalar_t* q_row = q + static_cast<int64_t>(row) * head_dim;
  const scalar_t* k_bh = k + static_cast<int64_t>(bh) * seq_k * head_dim;
  float* p_row = probs + static_cast<int64_t>(row) * seq_k;

  float m = -INFINITY;
  float l = 0.0f;
  for (int t = lane; t <= last_key; t += kWarpSize) {
    online_update(m, l, scale * dot_row(q_row, k_bh + static_cast<int64_t>(t) * head_dim, head_dim));
  }
#pragma unroll
  for (int offset = kWarpSize / 2; offset > 0; offset >>= 1) {
    const float m_o = __shfl_xor_sync(kFullMask, m, offset);
    const float l_o = __shfl_xor_sync(kFullMask, l, offset);
    online_merge(m, l, m_o, l_o);
  }
  const float inv_l = 1.0f / l;

  for (int t = lane; t < seq_k; t += kWarpSize) {
    const float score = scale * dot_row(q_row, k_bh + static_cast<int64_t>(t) * head_dim, head_dim);
    p_row[t] = __expf(score - m) * inv_l;
  }
}

template __global__ void causal_attn_probs_kernel<float, 128>(const float*, const float*, float*, int, int,
                                                              int, int, float);
