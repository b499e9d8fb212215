#include <cuda_runtime.h>

// C = A^T @ B with A: (K, M), B: (K, N), C: (M, N), row-major (torch.matmul(A.T, B)).
// 16x16 output tile per block; both operand tiles are staged k-major in shared memory
// (the A tile is padded to dodge bank conflicts when read down a column).
template <int TILE>
__global__ void matmul_at_b_tiled(const float* __restrict__ A, const float* __restrict__ B,
                                  float* __restrict__ C, int M, int N, int K) {
    __shared__ float As[TILE][TILE + 1];  // As[k][m]
    __shared__ float Bs[TILE][TILE];      // Bs[k][n]

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;   // m
    const int col = blockIdx.x * TILE + tx;   // n
    const int am = blockIdx.y * TILE + tx;    // A column loaded by this thread

    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        const int k = k0 + ty;
        As[ty][tx] = (k < K && am < M) ? A[(size_t)k * M + am] : 0.0f;
        Bs[ty][tx] = (k < K && col < N) ? B[(size_t)k * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TILE; ++kk) acc += As[kk][ty] * Bs[kk][tx];
    }
    if (row < M && col < N) C[(size_t)row * N + col] = acc;
}

template __global__ void matmul_at_b_tiled<16>(const float*, const float*, float*, int, int, int);
