// Gram matrix for the style loss (Gatys et al., neural style transfer):
//   F = x.view(N, C, H*W);   G[n] = F[n] @ F[n]^T / (C * H * W)
// x: [N, C, H, W] float32 (post-ReLU feature maps)  ->  G: [N, C, C] float32
//
// 16x16 shared-memory tiling over the H*W reduction axis, one grid z-slice per image.
// Both operands come from the same feature map: the left tile holds channel rows
// i0 .. i0+15 (block row of G), the right tile channel rows j0 .. j0+15 (block column),
// each 16 positions wide; the right tile is read transposed in the inner product.

#include <torch/extension.h>
#include <cuda_runtime.h>

#define TILE 16
#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__global__ void gram_matrix_kernel(const float* __restrict__ feat, float* __restrict__ gram,
                                   int C, int HW) {
    __shared__ float Fi[TILE][TILE + 1];
    __shared__ float Fj[TILE][TILE + 1];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int i = blockIdx.y * TILE + ty;   // row of G    (channel)
    const int j = blockIdx.x * TILE + tx;   // column of G (channel)
    const float* F = feat + (size_t)blockIdx.z * C * HW;

    // loader role: thread (ty, tx) brings in channel (tile base + ty) at position (k0 + tx)
    const int load_i = blockIdx.y * TILE + ty;
    const int load_j = blockIdx.y * TILE + ty;

    float acc = 0.0f;
    for (int k0 = 0; k0 < HW; k0 += TILE) {
        const int k = k0 + tx;
        Fi[ty][tx] = (load_i < C && k < HW) ? F[(size_t)load_i * HW + k] : 0.0f;
        Fj[ty][tx] = (load_j < C && k < HW) ? F[(size_t)load_j * HW + k] : 0.0f;
        __syncthreads();

#pragma unroll
        for (int kk = 0; kk < TILE; ++kk)
            acc = fmaf(Fi[ty][kk], Fj[tx][kk], acc);
    }

    if (i < C && j < C) {
        const float inv_norm = 1.0f / ((float)C * (float)HW);
        gram[((size_t)blockIdx.z * C + i) * C + j] = acc * inv_norm;
    }
}

torch::Tensor gram_matrix(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 4, "x: 4-D CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat, "x: float32");
    x = x.contiguous();
    const int N = (int)x.size(0), C = (int)x.size(1);
    const int HW = (int)(x.size(2) * x.size(3));
    auto G = torch::empty({N, C, C}, x.options());
    dim3 block(TILE, TILE);
    dim3 grid(CEIL_DIV(C, TILE), CEIL_DIV(C, TILE), N);
    gram_matrix_kernel<<<grid, block>>>(x.data_ptr<float>(), G.data_ptr<float>(), C, HW);
    return G;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("gram_matrix", &gram_matrix, "Gram matrix of NCHW features / (C*H*W) (CUDA)");
}
