// first[r] = smallest c with x[r, c] > thresh (skipping NaNs), or -1; one thread per row.
#include <cuda_runtime.h>

__global__ void first_above(const float* x, int* first, int rows, int cols, float thresh) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    int found = -1;
    int c = 0;
    while (c < cols) {
        float v = x[r * cols + c];
        c++;
        if (isnan(v)) continue;
        if (v > thresh) {
            found = c - 1;
            break;
        }
    }
    first[r] = found;
}
