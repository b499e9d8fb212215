#include <math.h>
// Index of the largest score per row (top-1), one thread per row.
// Fixed: the running best starts at the identity of max.
__global__ void top1(const float* scores, int* best_idx, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float best = -INFINITY;
    int arg = -1;
    for (int c = 0; c < cols; ++c) {
        float s = scores[r * cols + c];
        if (s > best) {
            best = s;
            arg = c;
        }
    }
    best_idx[r] = arg;
}
