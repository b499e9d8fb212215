#include <cuda_runtime.h>

// Batched C[b] = A[b] * B[b]; A: batch x M x K, B: batch x K x N, C: batch x M x N (row-major).
// grid = (ceil(N/16), ceil(M/16), batch), block = (16, 16).
__global__ void bmm_kernel(const float* __restrict__ A, const float* __restrict__ B,
                           float* __restrict__ C, int M, int N, int K)
{
    const int b = blockIdx.z;
    const int m = blockIdx.y * blockDim.y + threadIdx.y;
    const int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= M || n >= N) return;
    const float* Ab = A + (size_t)b * M * K;
    const float* Bb = B + (size_t)b * K * N;
    float acc = 0.f;
    for (int k = 0; k < K; ++k)
        acc += Ab[(size_t)m * K + k] * Bb[(size_t)n * K + k];
    C[((size_t)b * M + m) * N + n] = acc;
}
