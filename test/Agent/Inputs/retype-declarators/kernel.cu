#include <cuda_fp16.h>

// Per-row sum and sum of squares of an fp16 matrix; one thread per row.
__global__ void row_moments(const __half* x, float* sum, float* sq, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    __half s = __float2half(0.0f), q = __float2half(0.0f);
    for (int c = 0; c < cols; ++c) {
        __half v = x[r * cols + c];
        s = __hadd(s, v);
        q = __hadd(q, __hmul(v, v));
    }
    sum[r] = __half2float(s);
    sq[r] = __half2float( q );
}
