#include <cuda_runtime.h>

// 5-point smoothing over an H x W image, zero outside the image.
// grid (ceil(W/16), ceil(H/16)), block (16, 16)
__global__ void smooth5(const float* __restrict__ img, float* __restrict__ dst, int H, int W)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const float c = img[y * W + x];
    const float l = x > 0 ? img[y * W + x - 1] : 0.0f;
    const float r = img[y * W + x + 1];
    const float u = y > 0 ? img[(y - 1) * W + x] : 0.0f;
    const float d = img[(y + 1) * W + x];
    dst[y * W + x] = 0.5f * c + 0.125f * (l + r + u + d);
}
