#include <cuda_runtime.h>
#include <float.h>

// 2x2 / stride 2 max pooling over planes of H x W (floor mode). 16x16 blocks, grid.z = planes.
__global__ void maxpool2x2_kernel(const float* input, float* output, int planes, int H, int W) {
    int Ho = H / 2, Wo = W / 2;
    int ox = blockIdx.x * blockDim.x + threadIdx.x;
    int oy = blockIdx.y * blockDim.y + threadIdx.y;
    int pl = blockIdx.z;
    const float* src = input + (size_t)pl * H * W;
    float m = -FLT_MAX;
    for (int dy = 0; dy < 2; ++dy)
        for (int dx = 0; dx < 2; ++dx)
            m = fmaxf(m, src[(2 * oy + dy) * Wo + (2 * ox + dx)]);
    output[((size_t)pl * Ho + oy) * Wo + ox] = m;
}
