#include <cuda_runtime.h>
#include <math.h>

// Column-wise argmin of a (rows x cols) matrix: one thread per column, rows walked in order.
__global__ void col_argmin(const float* __restrict__ m, long long* __restrict__ where,
                           int rows, int cols) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= cols) return;
    float lo = INFINITY;
    long long at = 0;
    for (int r = 0; r < rows; ++r) {
        const float val = m[(long long)r * cols + col];
        if (val < lo) { lo = val; at = r; }
    }
    where[col] = at;
}
