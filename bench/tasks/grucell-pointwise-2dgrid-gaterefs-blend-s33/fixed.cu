#include <torch/extension.h>
#include <cuda_runtime.h>

// Pointwise part of torch.nn.GRUCell. The two GEMMs are done by cuBLAS beforehand:
//   gi = x @ W_ih^T + b_ih   [B, 3H]      gh = h @ W_hh^T + b_hh   [B, 3H]
// with PyTorch's gate order (r, z, n) along the 3H dim. Then
//   r = sigmoid(gi_r + gh_r)   z = sigmoid(gi_z + gh_z)   n = tanh(gi_n + r * gh_n)
//   h' = (1 - z) * n + z * h
// 2-D launch: x over the hidden dim, y over the batch.

#define TILE_H 64
#define TILE_B 4

__device__ __forceinline__ float sigmoidf_(float v) { return 1.0f / (1.0f + __expf(-v)); }

// the three gates of hidden unit j (r and n need each other, so they are computed together)
__device__ __forceinline__ void gru_gates(const float* __restrict__ gi_row,
                                          const float* __restrict__ gh_row, int j, int H,
                                          float& r, float& z, float& n) {
    r = sigmoidf_(gi_row[j] + gh_row[j]);
    z = sigmoidf_(gi_row[H + j] + gh_row[H + j]);
    n = tanhf(gi_row[2 * H + j] + r * gh_row[2 * H + j]);
}

// interpolate between the candidate state and the previous state with the update gate
__device__ __forceinline__ float gru_blend(float z, float n, float h_prev) {
    return (1.0f - z) * n + z * h_prev;
}

__global__ void gru_cell_pointwise_kernel(const float* __restrict__ gi,
                                          const float* __restrict__ gh,
                                          const float* __restrict__ hx,
                                          float* __restrict__ hy,
                                          int B, int H) {
    const int j = blockIdx.x * TILE_H + threadIdx.x;
    const int b = blockIdx.y * TILE_B + threadIdx.y;
    if (j >= H || b >= B) return;

    const float* gi_row = gi + (size_t)b * 3 * H;
    const float* gh_row = gh + (size_t)b * 3 * H;
    float r, z, n;
    gru_gates(gi_row, gh_row, j, H, r, z, n);
    hy[(size_t)b * H + j] = gru_blend(z, n, hx[(size_t)b * H + j]);
}

torch::Tensor gru_cell_pointwise(torch::Tensor gi, torch::Tensor gh, torch::Tensor hx) {
    const int B = hx.size(0), H = hx.size(1);
    auto hy = torch::empty_like(hx);
    dim3 block(TILE_H, TILE_B);
    dim3 grid((H + TILE_H - 1) / TILE_H, (B + TILE_B - 1) / TILE_B);
    gru_cell_pointwise_kernel<<<grid, block>>>(gi.data_ptr<float>(), gh.data_ptr<float>(),
                                               hx.data_ptr<float>(), hy.data_ptr<float>(), B, H);
    return hy;
}
