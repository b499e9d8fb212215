#include <cuda_runtime.h>
#include <math.h>

#define FULL_MASK 0xffffffffu
#define WARP 32

__inline__ __device__ float warpMax(float v) {
    for (int o = WARP / 2; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, o));
    return v;
}
__inline__ __device__ float warpSum(float v) {
    for (int o = WARP / 2; o > 0; o /= 2) v += __shfl_xor_sync(FULL_MASK, v, o);
    return v;
}

// one warp per row, 4 warps per block
__global__ void softmax_warp_rows(const float* x, float* y, int rows, int cols) {
    int row = blockIdx.x * 4 + threadIdx.x / WARP;
    int lane = threadIdx.x % WARP;
    if (row >= rows) return;
    const float* src = x + (long long)row * cols;
    float* dst = y + (long long)row * cols;
    float m = -INFINITY;
    for (int c = lane; c < cols; c += WARP) m = fmaxf(m, src[c]);
    m = warpMax(m);
    float s = 0.0f;
    for (int c = lane; c < cols; c += WARP) s += expf(src[c] - m);
    s = warpSum(s);
    for (int c = lane; c < cols; c += WARP) dst[c] = expf(src[c] - m) / s;
}
