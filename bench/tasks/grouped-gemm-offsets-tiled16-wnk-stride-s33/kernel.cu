#include <torch/extension.h>
#include <cuda_runtime.h>

// Grouped GEMM (MoE expert layer without bias): tokens are sorted by expert, expert e owns
// rows offsets[e] .. offsets[e+1]-1 of X, and its weight is stored nn.Linear style:
//   X [T, K], W [E, N, K], Y [T, N],   Y[t, :] = X[t, :] @ W[e(t)]^T
// Grid (ceil(N/16), ceil(max_rows/16), E) of 16x16 blocks; 16x16 shared tiles over K.

#define TILE 16

__global__ void grouped_gemm_nt_kernel(const float* __restrict__ X,
                                       const float* __restrict__ W,
                                       const int* __restrict__ offsets,
                                       float* __restrict__ Y,
                                       int K, int N) {
    __shared__ float Xs[TILE][TILE];
    __shared__ float Ws[TILE][TILE + 1];  // Ws[k][n], padded: written transposed

    const int e = blockIdx.z;
    const int row_begin = offsets[e];
    const int row_end = offsets[e + 1];
    const int tile_row0 = row_begin + blockIdx.y * TILE;
    if (tile_row0 >= row_end) return;  // whole block: this expert has fewer rows

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = tile_row0 + ty;
    const int col = blockIdx.x * TILE + tx;
    const int wn = blockIdx.x * TILE + ty;  // the W row (output feature) this thread loads
    const float* __restrict__ We = W + (size_t)e * N * K;

    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        const int k = k0 + tx;
        Xs[ty][tx] = (row < row_end && k < K) ? X[(size_t)row * K + k] : 0.0f;
        Ws[tx][ty] = (wn < N && k < K) ? We[(size_t)wn * N + k] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TILE; ++kk)
            acc += Xs[ty][kk] * Ws[kk][tx];
        __syncthreads();
    }
    if (row < row_end && col < N) Y[(size_t)row * N + col] = acc;
}

torch::Tensor grouped_gemm_nt(torch::Tensor X, torch::Tensor W, torch::Tensor offsets, int64_t max_rows) {
    const int T = X.size(0), K = X.size(1);
    const int E = W.size(0), N = W.size(1);
    auto Y = torch::empty({T, N}, X.options());
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (int)((max_rows + TILE - 1) / TILE), E);
    grouped_gemm_nt_kernel<<<grid, block>>>(X.data_ptr<float>(), W.data_ptr<float>(),
                                            offsets.data_ptr<int>(), Y.data_ptr<float>(), K, N);
    return Y;
}
