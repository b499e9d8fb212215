#include <torch/extension.h>

constexpr int BLOCK = 16;   // launch uses BLOCK x BLOCK threads
constexpr int TILE_K = 32;

__global__ void mm_shared_kernel(const float* a, const float* b, float* c, int M, int N, int K) {
    __shared__ float sa[TILE_K][TILE_K];
    __shared__ float sb[TILE_K][TILE_K];
    int r = blockIdx.y * TILE_K + threadIdx.y;
    int cc = blockIdx.x * TILE_K + threadIdx.x;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE_K) {
        sa[threadIdx.y][threadIdx.x] = (r < M && k0 + threadIdx.x < K) ? a[r * K + k0 + threadIdx.x] : 0.0f;
        sb[threadIdx.y][threadIdx.x] = (k0 + threadIdx.y < K && cc < N) ? b[(k0 + threadIdx.y) * N + cc] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE_K; ++k) acc += sa[threadIdx.y][k] * sb[k][threadIdx.x];
        __syncthreads();
    }
    if (r < M && cc < N) c[r * N + cc] = acc;
}

torch::Tensor mm(torch::Tensor a, torch::Tensor b) {
    int M = a.size(0), K = a.size(1), N = b.size(1);
    auto c = torch::zeros({M, N}, a.options());
    dim3 threads(BLOCK, BLOCK);
    dim3 grid((N + BLOCK - 1) / BLOCK, (M + BLOCK - 1) / BLOCK);
    mm_shared_kernel<<<grid, threads>>>(a.data_ptr<float>(), b.data_ptr<float>(), c.data_ptr<float>(), M, N, K);
    return c;
}
