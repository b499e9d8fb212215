#include <cuda_runtime.h>

// C = torch.triu(A @ B) for upper-triangular square A, B ([N, N], row-major).
// For i <= j only k in [i, j] contributes: A[i][k] = 0 for k < i and B[k][j] = 0 for k > j.
// 2-D grid of 16x16 blocks, one thread per C element; the lower triangle is written as 0.
#define BS 16

__global__ void triu_matmul_kernel(const float* __restrict__ A, const float* __restrict__ B,
                                   float* __restrict__ C, int N) {
    const int col = blockIdx.x * BS + threadIdx.x;
    const int row = blockIdx.y * BS + threadIdx.y;
    if (row >= N || col >= N) return;

    const size_t out = (size_t)row * N + col;
    if (row > col) {
        C[out] = 0.0f;
        return;
    }
    float sum = 0.0f;
#pragma unroll 4
    for (int k = row; k <= col; ++k)
        sum += __ldg(&A[(size_t)row * N + k]) * __ldg(&B[(size_t)k * N + col]);
    C[out] = sum;
}
