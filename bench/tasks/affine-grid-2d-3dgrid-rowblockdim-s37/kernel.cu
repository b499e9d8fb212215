#include <torch/extension.h>
#include <cuda_runtime.h>

// F.affine_grid(theta, size=(N, C, H, W), align_corners=False)
//   theta: [N, 2, 3] float32,  grid: [N, H, W, 2] float32
// For output pixel (h, w) the normalised base coordinates are the pixel centres
//   xs = (2w + 1) / W - 1,  ys = (2h + 1) / H - 1
// and grid[n, h, w] = theta[n] @ (xs, ys, 1).
// 3-D launch: x over W, y over H, z over the batch; 32 x 8 thread blocks.

#define BX 32
#define BY 8

__global__ void affine_grid_generator_kernel(const float* __restrict__ theta,
                                             float* __restrict__ grid,
                                             int N, int H, int W) {
    const int w = blockIdx.x * blockDim.x + threadIdx.x;
    const int h = blockIdx.y * blockDim.x + threadIdx.y;
    const int n = blockIdx.z;
    if (n >= N || h >= H || w >= W) return;

    const float* t = theta + (size_t)n * 6;
    const float xs = (2.0f * w + 1.0f) / (float)W - 1.0f;
    const float ys = (2.0f * h + 1.0f) / (float)H - 1.0f;

    float2 g;
    g.x = fmaf(t[0], xs, fmaf(t[1], ys, t[2]));
    g.y = fmaf(t[3], xs, fmaf(t[4], ys, t[5]));
    reinterpret_cast<float2*>(grid)[((size_t)n * H + h) * W + w] = g;
}

torch::Tensor affine_grid(torch::Tensor theta, int64_t H, int64_t W) {
    TORCH_CHECK(theta.dim() == 3 && theta.size(1) == 2 && theta.size(2) == 3);
    const int N = theta.size(0);
    auto grid = torch::empty({N, H, W, 2}, theta.options());
    dim3 block(BX, BY);
    dim3 blocks((W + BX - 1) / BX, (H + BY - 1) / BY, N);
    affine_grid_generator_kernel<<<blocks, block>>>(theta.contiguous().data_ptr<float>(),
                                                    grid.data_ptr<float>(), N, (int)H, (int)W);
    return grid;
}
