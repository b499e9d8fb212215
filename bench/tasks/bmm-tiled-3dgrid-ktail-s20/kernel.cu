#include <cuda_runtime.h>

// torch.bmm: C[b] = A[b] @ B[b], A [batch, M, K], B [batch, K, N], all row-major.
// TILE x TILE output tile per block, blockIdx.z = batch, K walked in TILE-wide slabs
// staged through shared memory (zero-padded at the M / N / K edges).
template <int TILE>
__global__ void bmm_tiled(const float* __restrict__ A, const float* __restrict__ B,
                          float* __restrict__ C, int M, int N, int K) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE + 1];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    const float* __restrict__ Ab = A + (size_t)blockIdx.z * M * K;
    const float* __restrict__ Bb = B + (size_t)blockIdx.z * K * N;

    float acc = 0.0f;
    const int ntiles = K / TILE;
    for (int t = 0; t < ntiles; ++t) {
        const int ka = t * TILE + tx;   // column of A this thread stages
        const int kb = t * TILE + ty;   // row of B this thread stages
        As[ty][tx] = (row < M && ka < K) ? Ab[(size_t)row * K + ka] : 0.0f;
        Bs[ty][tx] = (kb < K && col < N) ? Bb[(size_t)kb * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[(size_t)blockIdx.z * M * N + (size_t)row * N + col] = acc;
}

template __global__ void bmm_tiled<16>(const float* __restrict__, const float* __restrict__,
                                       float* __restrict__, int, int, int);
