#include <cuda_runtime.h>

// out[r][c] = x[r][c] * scale[r] + shift[c]; 2-D grid-stride loops (the grid is capped).
__global__ void affine2d(const float* x, const float* scale, const float* shift, float* out,
                         int R, int C)
{
    for (int r = blockIdx.y * blockDim.y + threadIdx.y; r < R; r += blockDim.y * gridDim.x) {
        for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < C; c += blockDim.x * gridDim.x) {
            out[r * C + c] = x[r * C + c] * scale[r] + shift[c];
        }
    }
}
