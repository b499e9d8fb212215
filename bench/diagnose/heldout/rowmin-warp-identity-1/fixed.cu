// Row minimum, one warp per row on a (32, 4) block, butterfly reduction.
#include <cfloat>

__device__ __forceinline__ float warp_min(float v)
{
    for (int o = 16; o > 0; o >>= 1)
        v = fminf(v, __shfl_xor_sync(0xffffffff, v, o));
    return v;
}

__global__ void row_min_warp(const float *x, float *out, int rows, int cols)
{
    int row = blockIdx.x * blockDim.y + threadIdx.y;
    if (row >= rows) return;
    const float *xr = x + (size_t)row * cols;
    float m = FLT_MAX;
    for (int c = threadIdx.x; c < cols; c += 32)
        m = fminf(m, xr[c]);
    m = warp_min(m);
    if (threadIdx.x == 0) out[row] = m;
}
