#include <cuda_runtime.h>

// Row-wise inclusive cumulative sum (torch.cumsum(x, dim=1)), one thread per row.
__global__ void row_cumsum(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* src = in + (long)r * cols;
    float* dst = out + (long)r * cols;
    float run = src[0];
    dst[0] = run;
    int c = 1;
    while (c < cols - 1) {
        run += src[c];
        dst[c] = run;
        c++;
    }
}
