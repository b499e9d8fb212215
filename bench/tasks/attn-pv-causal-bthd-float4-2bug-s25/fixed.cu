// Second attention GEMM with causal early exit: out[b, s, h, :] = sum_t P[b, h, s, t] * V[b, t, h, :].
// P: [B, H, S, T] probabilities; with the bottom-right aligned causal mask only the keys
// t <= s + T - S contribute, so the rest of the row is never read.
// V: [B, T, H, D] straight out of the fused QKV projection.
// out: [B, S, H, D] so the output projection can read it without a transpose.
// One thread per (b, s, h, 4 consecutive d), float4 over head_dim.
#include <cuda_runtime.h>
#include <cstdint>

namespace {

__device__ __forceinline__ void fma4(float4& acc, float p, const float4& v) {
  acc.x += p * v.x;
  acc.y += p * v.y;
  acc.z += p * v.z;
  acc.w += p * v.w;
}

}  // namespace

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) attn_pv_causal_kernel(
    const float* __restrict__ probs, const float* __restrict__ v, float* __restrict__ out,
    int batch, int seq_q, int seq_k, int num_heads, int head_dim) {
  const int d_vecs = head_dim / 4;
  const int64_t total = static_cast<int64_t>(batch) * seq_q * num_heads * d_vecs;
  const int64_t linear = static_cast<int64_t>(blockIdx.x) * BLOCK + threadIdx.x;
  if (linear >= total) return;

  int64_t rem = linear;
  const int dv = static_cast<int>(rem % d_vecs);
  rem /= d_vecs;
  const int h = static_cast<int>(rem % num_heads);
  rem /= num_heads;
  const int s = static_cast<int>(rem % seq_q);
  const int b = static_cast<int>(rem / seq_q);

  const int num_keys = s + seq_k - seq_q + 1;
  const float* p_row = probs + ((static_cast<int64_t>(b) * num_heads + h) * seq_q + s) * seq_k;
  const float* v_bh = v + (static_cast<int64_t>(b) * seq_k * num_heads + h) * head_dim;
  const int64_t v_stride_t = static_cast<int64_t>(num_heads) * head_dim;

  float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll 4
  for (int t = 0; t < num_keys; ++t) {
    const float4 vv = reinterpret_cast<const float4*>(v_bh + t * v_stride_t)[dv];
    fma4(acc, p_row[t], vv);
  }
  reinterpret_cast<float4*>(out)[linear] = acc;
}

template __global__ void attn_pv_causal_kernel<128>(const float*, const float*, float*, int, int, int, int, int);
