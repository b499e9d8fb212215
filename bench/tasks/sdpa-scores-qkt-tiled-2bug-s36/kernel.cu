// Attention logits  S[b,h] = scale * Q[b,h] @ K[b,h]^T  (no mask, no softmax; the
// softmax / PV step is a separate kernel).
//   Q: [B, H, Lq, D], K: [B, H, Lk, D], S: [B, H, Lq, Lk], all float32, contiguous.
// Launch: grid = (ceil(Lk/T), ceil(Lq/T), B*H), block = (T, T) with T = 16.
// Each block computes a T x T tile of S, marching over the head dim in chunks of T;
// the chunks are staged in shared memory (one padding column against bank conflicts).

#include <cuda_runtime.h>

constexpr int T = 16;

__global__ void __launch_bounds__(T * T)
qk_scores_tiled(const float* __restrict__ Q, const float* __restrict__ K,
                float* __restrict__ S, int Lq, int Lk, int D, float scale) {
    __shared__ float q_s[T][T + 1];
    __shared__ float k_s[T][T + 1];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int qi = blockIdx.y * T + ty;          // query row of this thread's output
    const int kj = blockIdx.x * T + tx;          // key row of this thread's output
    const size_t bh = blockIdx.z;

    const float* Qbh = Q + bh * (size_t)Lq * D;
    const float* Kbh = K + bh * (size_t)Lq * D;

    // the key row this thread stages (row ty of the block's key tile)
    const int kload = blockIdx.x * T + ty;

    float acc = 0.0f;
    for (int d0 = 0; d0 < D; d0 += T) {
        const int d = d0 + tx;
        q_s[ty][tx] = (qi < Lq && d < D) ? Qbh[(size_t)qi * D + d] : 0.0f;
        k_s[ty][tx] = (kload < Lk && d < D) ? Kbh[(size_t)kload * D + d] : 0.0f;

#pragma unroll
        for (int t = 0; t < T; ++t)
            acc += q_s[ty][t] * k_s[tx][t];
        __syncthreads();
    }

    if (qi < Lq && kj < Lk)
        S[(bh * Lq + qi) * (size_t)Lk + kj] = acc * scale;
}
