// scores[b, h, s, t] = scale * <q[b, h, s, :], k[b, h, t, :]>
// TILE x TILE output tile per block, head_dim walked in TILE-wide slabs staged through shared
// memory, with the next slab prefetched into registers while the current one is consumed.
#include <cuda_runtime.h>
#include <cstdint>

namespace {

template <typename scalar_t>
__device__ __forceinline__ float load_or_zero(const scalar_t* __restrict__ base, int row, int col,
                                              int rows, int cols) {
  return (row < rows && col < cols) ? static_cast<float>(base[static_cast<int64_t>(row) * cols + col])
                                    : 0.0f;
}

}  // namespace

template <typename scalar_t, int TILE>
__global__ void attn_scores_qk_kernel(const scalar_t* __restrict__ q, const scalar_t* __restrict__ k,
                                      scalar_t* __restrict__ scores, int seq_q, int seq_k,
                                      int head_dim, float scale) {
  __shared__ float q_s[TILE][TILE + 1];
  __shared__ float k_s[TILE][TILE + 1];

  const int bh = blockIdx.z;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int q_row0 = blockIdx.y * TILE;
  const int k_row0 = blockIdx.x * TILE;

  const scalar_t* q_bh = q + static_cast<int64_t>(bh) * seq_q * head_dim;
  const scalar_t* k_bh = k + static_cast<int64_t>(bh) * seq_k * head_dim;

  // Both operands are read along head_dim (coalesced); K is consumed transposed from smem.
  float q_next = load_or_zero(q_bh, q_row0 + ty, tx, seq_q, head_dim);
  float k_next = load_or_zero(k_bh, k_row0 + ty, tx, seq_k, head_dim);

  float acc = 0.0f;
  for (int d0 = 0; d0 < head_dim; d0 += TILE) {
    q_s[ty][tx] = q_next;
    k_s[ty][tx] = k_next;
    __syncthreads();

    if (d0 + TILE < head_dim) {
      q_next = load_or_zero(q_bh, q_row0 + ty, d0 + TILE + tx, seq_q, head_dim);
      k_next = load_or_zero(k_bh, k_row0 + ty, d0 + TILE + tx, seq_k, head_dim);
    }

#pragma unroll
    for (int kk = 0; kk < TILE; ++kk) {
      acc += q_s[ty][kk] * k_s[tx][kk];
    }
    __syncthreads();
  }

  const int s = q_row0 + ty;
  const int t = k_row0 + tx;
  if (s < seq_q && t < seq_k) {
    scores[(static_cast<int64_t>(bh) * seq_q + s) * seq_k + t] = static_cast<scalar_t>(acc * scale);
  }
}

template __global__ void attn_scores_qk_kernel<float, 16>(const float*, const float*, float*, int, int,
                                                          int, float);
