// out[r][c] = x[r][c] * scale[c] + shift[r]   (2-D launch, 16x16 blocks)
#include <cuda_runtime.h>

__global__ void scale_shift_2d(const float* x, const float* scale, const float* shift,
                               float* out, int height, int width) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < height && c < width) {
        out[r * width + c] = x[r * width + c] * scale[c] + shift[r];
    }
}
