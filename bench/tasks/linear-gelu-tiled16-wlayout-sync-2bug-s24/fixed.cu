#include <cuda_runtime.h>
#include <math.h>

#define TILE_DIM 16
#define WARP_SIZE 32
#define SQRT_2_OVER_PI 0.7978845608028654f

__device__ __forceinline__ float gelu_tanh(float v) {
    const float c = SQRT_2_OVER_PI * (v + 0.044715f * v * v * v);
    return 0.5f * v * (1.0f + tanhf(c));
}

// nn.Linear + GELU: y[M, N] = gelu(x[M, K] @ W[N, K]^T + b[N]), 16x16 shared tiles.
__global__ void linear_gelu_tiled_kernel(const float* __restrict__ x,
                                         const float* __restrict__ W,
                                         const float* __restrict__ b,
                                         float* __restrict__ y,
                                         int M, int N, int K) {
    __shared__ float xs[TILE_DIM][TILE_DIM];
    __shared__ float ws[TILE_DIM][TILE_DIM + 1];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int row = blockIdx.y * TILE_DIM + ty;   // m
    const int col = blockIdx.x * TILE_DIM + tx;   // n

    float acc = 0.0f;
    const int num_tiles = (K + TILE_DIM - 1) / TILE_DIM;
    for (int t = 0; t < num_tiles; ++t) {
        const int kx = t * TILE_DIM + tx;
        xs[ty][tx] = (row < M && kx < K) ? x[row * K + kx] : 0.0f;

        // ws[k][n] = W[n][k]
        const int kw = t * TILE_DIM + ty;
        ws[ty][tx] = (col < N && kw < K) ? W[col * K + kw] : 0.0f;
        __syncthreads();

#pragma unroll
        for (int k = 0; k < TILE_DIM; ++k)
            acc += xs[ty][k] * ws[k][tx];
        __syncthreads();
    }

    if (row < M && col < N)
        y[row * N + col] = gelu_tanh(acc + b[col]);
}
