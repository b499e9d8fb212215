#include <cuda_runtime.h>

__device__ __forceinline__ float safe_div(float num, float den) { return num / fmaxf(den, 1e-12f); }

// F.normalize(x, dim=1): each row divided by its L2 norm. One thread per row.
__global__ void l2_normalize_rows(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* xr = x + (size_t)r * cols;
    float ss = 0.0f;
    for (int c = 0; c < cols; ++c) ss += xr[c] * xr[c];
    const float norm = sqrtf(ss);
    for (int c = 0; c < cols; ++c) y[(size_t)r * cols + c] = safe_div(xr[c], norm);
}
