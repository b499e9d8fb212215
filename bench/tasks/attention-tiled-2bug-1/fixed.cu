#include <cuda_runtime.h>
#include <math.h>

#define T 16

// Tiled Q.K^T (16x16 tiles over the head dim), causal mask applied on store.
// grid (ceil(S/T), ceil(S/T), BH), block (T, T)
__global__ void qk_scores_tiled(const float* __restrict__ Q, const float* __restrict__ K,
                                float* __restrict__ scores, int S, int D, float scale, int causal) {
    __shared__ float qs[T][T];
    __shared__ float ks[T][T];
    const int bh = blockIdx.z;
    const int i = blockIdx.y * T + threadIdx.y;   // query
    const int j = blockIdx.x * T + threadIdx.x;   // key
    const float* Qb = Q + (size_t)bh * S * D;
    const float* Kb = K + (size_t)bh * S * D;
    const int kj = blockIdx.x * T + threadIdx.y;  // key row loaded by this thread
    float acc = 0.f;
    for (int d0 = 0; d0 < D; d0 += T) {
        int d = d0 + threadIdx.x;
        qs[threadIdx.y][threadIdx.x] = (i < S && d < D) ? Qb[(size_t)i * D + d] : 0.f;
        ks[threadIdx.y][threadIdx.x] = (kj < S && d < D) ? Kb[(size_t)kj * D + d] : 0.f;
        __syncthreads();
        for (int t = 0; t < T; ++t) acc += qs[threadIdx.y][t] * ks[threadIdx.x][t];
        __syncthreads();
    }
    if (i < S && j < S)
        scores[((size_t)bh * S + i) * S + j] = (causal && j > i) ? -INFINITY : acc * scale;
}
