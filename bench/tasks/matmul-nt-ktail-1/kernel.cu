#include <cuda_runtime.h>

// C = A * B^T with A: M x K, B: N x K (both row-major). 256 threads per block laid out
// as a 16 x 16 tile; the K dimension is walked in tiles of 16.
template <int TS>
__global__ void gemm_nt(const float* __restrict__ A, const float* __restrict__ B,
                        float* __restrict__ C, int M, int N, int K)
{
    __shared__ float sa[TS][TS + 1];
    __shared__ float sb[TS][TS + 1];
    const int tx = threadIdx.x % TS;
    const int ty = threadIdx.x / TS;
    const int m = blockIdx.y * TS + ty;
    const int n = blockIdx.x * TS + tx;
    const int bn = blockIdx.x * TS + ty;   // row of B loaded by this thread
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        sa[ty][tx] = m < M ? A[m * K + k0 + tx] : 0.0f;
        sb[ty][tx] = bn < N ? B[bn * K + k0 + tx] : 0.0f;
        __syncthreads();
        for (int kk = 0; kk < TS; ++kk)
            sum += sa[ty][kk] * sb[tx][kk];
        __syncthreads();
    }
    if (m < M && n < N)
        C[m * N + n] = sum;
}

template __global__ void gemm_nt<16>(const float*, const float*, float*, int, int, int);
