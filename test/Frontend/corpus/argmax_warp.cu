// idx[r] = argmax_c x[r, c] (first index on ties); one warp per row, (value, index) shuffles.
#include <cuda_runtime.h>

__global__ void argmax_rows(const float* __restrict__ x, int* __restrict__ idx, int rows, int cols) {
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    if (row >= rows) return;
    float best = -INFINITY;
    int best_i = 0x7fffffff;
    for (int c = lane; c < cols; c += 32) {
        float v = x[row * cols + c];
        if (v > best) { best = v; best_i = c; }
    }
    for (int off = 16; off > 0; off >>= 1) {
        float ov = __shfl_down_sync(0xffffffff, best, off);
        int oi = __shfl_down_sync(0xffffffff, best_i, off);
        if (ov > best || (ov == best && oi < best_i)) {
            best = ov;
            best_i = oi;
        }
    }
    if (lane == 0) idx[row] = best_i;
}
