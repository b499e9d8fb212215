#include <torch/extension.h>
#include <cuda_runtime.h>
#include <algorithm>

// Inverse of a 2-D inclusive prefix sum (summed-area table -> image), per batch entry:
//
//   y[b, h, w] = s[b, h, w] - s[b, h-1, w] - s[b, h, w-1] + s[b, h-1, w-1]
//
// with terms outside the image taken as 0, i.e. y such that y.cumsum(1).cumsum(2) == s.
// 3-D launch: blockIdx.z walks the batch, the (x, y) grid is capped by the wrapper and the
// kernel covers the image with 2-D grid-stride loops (x over columns, y over rows).

#define BLOCK_X 32
#define BLOCK_Y 8
#define MAX_GRID_X 4
#define MAX_GRID_Y 8
#define MAX_GRID_Z 16

__device__ __forceinline__ float sat_at(const float* __restrict__ s, int h, int w, int W) {
    return (h >= 0 && w >= 0) ? s[(size_t)h * W + w] : 0.0f;
}

__global__ void __launch_bounds__(BLOCK_X * BLOCK_Y)
sat_inverse_kernel(const float* __restrict__ sat, float* __restrict__ img, int B, int H, int W) {
    const size_t plane = (size_t)H * W;
    for (int b = blockIdx.z; b < B; b += gridDim.z) {
        const float* s = sat + (size_t)b * plane;
        float* out = img + (size_t)b * plane;
        for (int h = blockIdx.y * blockDim.y + threadIdx.y; h < H; h += blockDim.y * gridDim.y) {
            for (int w = blockIdx.x * blockDim.x + threadIdx.x; w < W; w += blockDim.x * gridDim.x) {
                const float v = sat_at(s, h, w, W) - sat_at(s, h - 1, w, W)
                              - sat_at(s, h, w - 1, W) + sat_at(s, h - 1, w - 1, W);
                out[(size_t)h * W + w] = v;
            }
        }
    }
}

torch::Tensor sat_inverse(torch::Tensor sat) {
    TORCH_CHECK(sat.is_cuda() && sat.is_contiguous() && sat.scalar_type() == torch::kFloat32);
    TORCH_CHECK(sat.dim() == 3, "expected [B, H, W]");
    const int B = sat.size(0), H = sat.size(1), W = sat.size(2);
    auto img = torch::empty_like(sat);
    const dim3 block(BLOCK_X, BLOCK_Y);
    const dim3 grid(std::min((W + BLOCK_X - 1) / BLOCK_X, MAX_GRID_X),
                    std::min((H + BLOCK_Y - 1) / BLOCK_Y, MAX_GRID_Y),
                    std::min(B, MAX_GRID_Z));
    sat_inverse_kernel<<<grid, block>>>(sat.data_ptr<float>(), img.data_ptr<float>(), B, H, W);
    return img;
}
