#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.Linear forward: out[M, N] = x[M, K] @ W[N, K]^T + b[N]
// Split-K tiled GEMM: blockIdx.z selects a K chunk of K_CHUNK columns, each block computes
// its 16x16 output tile over that chunk with shared-memory tiles and atomically adds the
// partial tile into the zero-initialised output.

#define TILE 16
#define K_CHUNK 128

__global__ void linear_splitk_kernel(const float* __restrict__ x,
                                     const float* __restrict__ W,
                                     const float* __restrict__ b,
                                     float* __restrict__ out,
                                     int M, int N, int K) {
    __shared__ float xs[TILE][TILE];
    __shared__ float ws[TILE][TILE];   // ws[k][n] = W[n][k], transposed on load

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;   // output row (M)
    const int col = blockIdx.x * TILE + tx;   // output column (N)
    const int k_begin = blockIdx.z * K_CHUNK;
    const int k_end = min(k_begin + K_CHUNK, K);

    float acc = 0.0f;
    for (int k0 = k_begin; k0 < k_end; k0 += TILE) {
        const int kx = k0 + tx;
        xs[ty][tx] = (row < M && kx < k_end) ? x[(size_t)row * K + kx] : 0.0f;
        const int wn = blockIdx.x * TILE + tx;
        const int wk = k0 + ty;
        ws[ty][tx] = (wn < N && wk < k_end) ? W[(size_t)wn * K + wk] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < TILE; ++kk) acc += xs[ty][kk] * ws[kk][tx];
        __syncthreads();
    }

    if (row < M && col < N) {
        if (blockIdx.z == 0) acc += b[col];   // the bias belongs to exactly one K chunk
        atomicAdd(&out[(size_t)row * N + col], acc);
    }
}

torch::Tensor linear_forward(torch::Tensor x, torch::Tensor W, torch::Tensor b) {
    const int M = x.size(0), K = x.size(1), N = W.size(0);
    auto out = torch::zeros({M, N}, x.options());
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, (K + K_CHUNK - 1) / K_CHUNK);
    linear_splitk_kernel<<<grid, block>>>(x.data_ptr<float>(), W.data_ptr<float>(),
                                          b.data_ptr<float>(), out.data_ptr<float>(), M, N, K);
    return out;
}
