#include <math.h>
// Row L2 norm, one warp per row (block = 32 threads).
__global__ void row_l2norm_warp(const float* x, float* norm, int rows, int cols) {
    int row = blockIdx.x;
    int lane = threadIdx.x;
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32) {
        float v = x[row * cols + c];
        s += v * v;
    }
    for (int off = 8; off >= 1; off /= 2)
        s += __shfl_xor_sync(0xffffffff, s, off);
    if (lane == 0) norm[row] = sqrtf(s);
}
