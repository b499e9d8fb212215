#include <torch/extension.h>
#include <cuda_runtime.h>

// F.grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=False)
//   input [N, C, H, W], grid [N, Ho, Wo, 2] (x, y in [-1, 1]), output [N, C, Ho, Wo]
// One thread per output location (grid-stride); the four corner weights are computed once
// and reused for every channel. Corners outside the image contribute zero.

#define IDX4(a, b, c, d, B_, C_, D_) ((((size_t)(a) * (B_) + (b)) * (C_) + (c)) * (D_) + (d))

__device__ __forceinline__ bool in_range(int v, int size) { return v >= 0 && v <= size; }

__device__ __forceinline__ float corner(const float* __restrict__ plane, int y, int x, int H, int W) {
    return (in_range(y, H) && in_range(x, W)) ? plane[(size_t)y * W + x] : 0.0f;
}

// align_corners=False: -1 and +1 are the outer edges of the border pixels
__device__ __forceinline__ float unnormalize(float g, int size) {
    return ((g + 1.0f) * size - 1.0f) * 0.5f;
}

__global__ void grid_sample_bilinear_kernel(const float* __restrict__ input,
                                            const float* __restrict__ grid,
                                            float* __restrict__ output,
                                            int N, int C, int H, int W, int Ho, int Wo) {
    const int total = N * Ho * Wo;
    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total; idx += gridDim.x * blockDim.x) {
        const int ow = idx % Wo;
        const int oh = (idx / Wo) % Ho;
        const int n = idx / (Wo * Ho);

        const float gx = grid[(size_t)idx * 2 + 0];
        const float gy = grid[(size_t)idx * 2 + 1];
        const float ix = unnormalize(gx, W);
        const float iy = unnormalize(gy, H);

        const int x0 = (int)floorf(ix), y0 = (int)floorf(iy);
        const int x1 = x0 + 1, y1 = y0 + 1;
        const float wx1 = ix - (float)x0, wx0 = 1.0f - wx1;
        const float wy1 = iy - (float)y0, wy0 = 1.0f - wy1;

        for (int c = 0; c < C; ++c) {
            const float* plane = input + IDX4(n, c, 0, 0, C, H, W);
            const float v = wy0 * (wx0 * corner(plane, y0, x0, H, W) + wx1 * corner(plane, y0, x1, H, W))
                          + wy1 * (wx0 * corner(plane, y1, x0, H, W) + wx1 * corner(plane, y1, x1, H, W));
            output[IDX4(n, c, oh, ow, C, Ho, Wo)] = v;
        }
    }
}

torch::Tensor grid_sample_bilinear(torch::Tensor input, torch::Tensor grid) {
    const int N = input.size(0), C = input.size(1), H = input.size(2), W = input.size(3);
    const int Ho = grid.size(1), Wo = grid.size(2);
    auto out = torch::empty({N, C, Ho, Wo}, input.options());
    const int threads = 128;
    int blocks = (N * Ho * Wo + threads - 1) / threads;
    if (blocks > 8) blocks = 8;
    grid_sample_bilinear_kernel<<<blocks, threads>>>(input.data_ptr<float>(), grid.data_ptr<float>(),
                                                     out.data_ptr<float>(), N, C, H, W, Ho, Wo);
    return out;
}
