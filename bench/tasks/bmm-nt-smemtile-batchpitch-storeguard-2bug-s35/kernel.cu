#include <torch/extension.h>
#include <cuda_runtime.h>

// torch.bmm(A, B.transpose(1, 2)):  C[b] = A[b] @ B[b]^T
//   A: [batch, M, K], B: [batch, N, K] (both row-major, K contiguous), C: [batch, M, N]
// Shared-memory tiled, TILE x TILE threads per block, grid (ceil(N/TILE), ceil(M/TILE), batch).
// Both tiles are loaded along K (coalesced): As[i][k] = A[m0 + i][k0 + k],
// Bs[j][k] = B[n0 + j][k0 + k]; the inner product reads Bs row-wise for the output column.

template <int TILE>
__global__ void bmm_nt_tiled(const float* __restrict__ A, const float* __restrict__ B,
                             float* __restrict__ C, int M, int N, int K) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE + 1];

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int b = blockIdx.z;
    const int m0 = blockIdx.y * TILE;
    const int n0 = blockIdx.x * TILE;

    const float* Ab = A + (size_t)b * M * K;
    const float* Bb = B + (size_t)b * M * K;
    float* Cb = C + (size_t)b * M * N;

    const int row = m0 + ty;   // output row (A row)
    const int col = n0 + tx;   // output column (B row)
    const int brow = n0 + ty;  // B row this thread loads

    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        const int k = k0 + tx;
        As[ty][tx] = (row < M && k < K) ? Ab[(size_t)row * K + k] : 0.0f;
        Bs[ty][tx] = (brow < N && k < K) ? Bb[(size_t)brow * K + k] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TILE; ++kk) acc += As[ty][kk] * Bs[tx][kk];
        __syncthreads();
    }
    if (row < M) Cb[(size_t)row * N + col] = acc;
}

torch::Tensor bmm_nt(torch::Tensor A, torch::Tensor B) {
    const int batch = A.size(0), M = A.size(1), K = A.size(2), N = B.size(1);
    auto C = torch::empty({batch, M, N}, A.options());
    constexpr int TILE = 16;
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, batch);
    bmm_nt_tiled<TILE><<<grid, block>>>(A.data_ptr<float>(), B.data_ptr<float>(),
                                        C.data_ptr<float>(), M, N, K);
    return C;
}
