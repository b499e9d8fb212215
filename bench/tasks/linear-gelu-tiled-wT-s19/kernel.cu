#include <cuda_runtime.h>
#include <math.h>

__device__ __forceinline__ float gelu_erf(float v) {
    return 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
}

// y = gelu(x @ W^T + b)   x: [M, K], W: [N, K] (nn.Linear weight layout), b: [N], y: [M, N]
// TILE x TILE threads per block; the W tile is staged as ws[n][k] and read with n = threadIdx.x.
template <int TILE>
__global__ void linear_bias_gelu(const float* __restrict__ x, const float* __restrict__ W,
                                 const float* __restrict__ b, float* __restrict__ y,
                                 int M, int N, int K) {
    __shared__ float xs[TILE][TILE];
    __shared__ float ws[TILE][TILE + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int m = blockIdx.y * TILE + ty;
    const int n = blockIdx.x * TILE + tx;
    const int n_load = blockIdx.x * TILE + ty;  // row of W this thread stages
    float acc = 0.0f;

    for (int k0 = 0; k0 < K; k0 += TILE) {
        xs[ty][tx] = (m < M && k0 + tx < K) ? x[(size_t)m * K + k0 + tx] : 0.0f;
        ws[ty][tx] = (n_load < N && k0 + tx < K) ? W[(size_t)(k0 + tx) * N + n_load] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TILE; ++kk) acc += xs[ty][kk] * ws[tx][kk];
        __syncthreads();
    }
    if (m < M && n < N) y[(size_t)m * N + n] = gelu_erf(acc + b[n]);
}

template __global__ void linear_bias_gelu<16>(const float* __restrict__, const float* __restrict__,
                                              const float* __restrict__, float* __restrict__, int, int, int);
