#include <cuda_runtime.h>

#define TILE 16

// torch.bmm(A, B.transpose(1, 2)):  C[b] = A[b] @ B[b]^T
//   A: [batch, M, K]   B: [batch, N, K]   C: [batch, M, N]
// 16x16 output tile per block, blockIdx.z = batch, shared-memory tiles over K.
template <typename scalar_t>
__global__ void bmm_nt_tiled_kernel(const scalar_t* __restrict__ A,
                                    const scalar_t* __restrict__ B,
                                    scalar_t* __restrict__ C,
                                    const int M, const int N, const int K) {
    __shared__ scalar_t As[TILE][TILE];
    __shared__ scalar_t Bs[TILE][TILE + 1];  // +1 to avoid bank conflicts on the transposed read

    const int batch = blockIdx.z;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;  // index into M
    const int col = blockIdx.x * TILE + tx;  // index into N

    // per-batch base pointers
    const scalar_t* Ab = A + (size_t)batch * M * K;
    const scalar_t* Bb = B + (size_t)batch * N * K;
    scalar_t* Cb = C + (size_t)batch * M * N;

    scalar_t acc = 0;
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        const int ka = t * TILE + tx;
        As[ty][tx] = (row < M && ka < K) ? Ab[(size_t)row * K + ka] : scalar_t(0);
        // B tile stored as Bs[k][n]; B is row-major [N, K] so this thread loads B[n0 + ty][k0 + tx]
        const int nb = blockIdx.x * TILE + ty;
        Bs[tx][ty] = (nb < N && ka < K) ? Bb[(size_t)nb * K + ka] : scalar_t(0);
        __syncthreads();

#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }

    if (row < M && col < N)
        Cb[(size_t)row * N + col] = acc;
}

template __global__ void bmm_nt_tiled_kernel<float>(const float*, const float*, float*, int, int, int);
