// Fused rotary embedding (GPT-NeoX "rotate half") + [B, S, H, D] -> [B, H, S, D] transpose,
// applied to the query slice coming out of the fused QKV projection.
#include <cuda_runtime.h>
#include <cstdint>

namespace rope {

template <typename scalar_t>
__device__ __forceinline__ void rotate_pair(const scalar_t* __restrict__ x, scalar_t* __restrict__ y,
                                            int i, int rot_half, float c, float s) {
  const float x1 = static_cast<float>(x[i]);
  const float x2 = static_cast<float>(x[i + rot_half]);
  y[i] = static_cast<scalar_t>(x1 * c - x2 * s);
  y[i + rot_half] = static_cast<scalar_t>(x2 * c + x1 * s);
}

}  // namespace rope

// One thread per rotation pair (b, s, h, i), i < head_dim / 2.
// cos_cache / sin_cache: [max_positions, head_dim / 2]; position_ids: [B, S].
template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK) rotary_neox_transpose_kernel(
    const scalar_t* __restrict__ q_in, scalar_t* __restrict__ q_out,
    const float* __restrict__ cos_cache, const float* __restrict__ sin_cache,
    const int* __restrict__ position_ids,
    int batch, int seq_len, int num_heads, int head_dim,
    int64_t in_stride_b, int64_t in_stride_s, int64_t in_stride_h,
    int64_t out_stride_b, int64_t out_stride_h, int64_t out_stride_s) {
  const int rot_half = head_dim >> 1;
  const int64_t total = static_cast<int64_t>(batch) * seq_len * num_heads * rot_half;
  const int64_t linear = static_cast<int64_t>(blockIdx.x) * BLOCK + threadIdx.x;
  if (linear >= total) return;

  int64_t rem = linear;
  const int i = static_cast<int>(rem % rot_half);
  rem /= rot_half;
  const int h = static_cast<int>(rem % num_heads);
  rem /= num_heads;
  const int s = static_cast<int>(rem % seq_len);
  const int b = static_cast<int>(rem / seq_len);

  const int pos = position_ids[b * seq_len + s];
  const float c = cos_cache[static_cast<int64_t>(pos) * rot_half + i];
  const float sn = sin_cache[static_cast<int64_t>(pos) * rot_half + i];

  const scalar_t* src = q_in + b * in_stride_b + s * in_stride_s + h * in_stride_h;
  scalar_t* dst = q_out + b * out_stride_b + h * in_stride_h + s * out_stride_s;
  rope::rotate_pair(src, dst, i, rot_half, c, sn);
}

template __global__ void rotary_neox_transpose_kernel<float, 128>(
    const float*, float*, const float*, const float*, const int*, int, int, int, int,
    int64_t, int64_t, int64_t, int64_t, int64_t, int64_t);
