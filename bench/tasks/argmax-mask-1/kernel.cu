#include <cuda_runtime.h>
#include <cfloat>

#define FULL 0x0000ffff

// argmax over each row; one warp per row, (value, index) pairs reduced with shuffles
__global__ void argmax_warp(const float* __restrict__ x, int* __restrict__ idx, int rows, int cols) {
    const int warp_id = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    const int lane = threadIdx.x & 31;
    if (warp_id >= rows) return;
    const float* row = x + (long long)warp_id * cols;
    float best = -FLT_MAX;
    int bi = 0;
    for (int c = lane; c < cols; c += 32) {
        float v = row[c];
        if (v > best) { best = v; bi = c; }
    }
    for (int off = 16; off > 0; off >>= 1) {
        float ov = __shfl_down_sync(FULL, best, off);
        int oi = __shfl_down_sync(FULL, bi, off);
        if (ov > best || (ov == best && oi < bi)) { best = ov; bi = oi; }
    }
    if (lane == 0) idx[warp_id] = bi;
}
