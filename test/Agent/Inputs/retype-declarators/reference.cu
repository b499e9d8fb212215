#include <cuda_fp16.h>
__global__ void row_moments_ref(const __half* x, float* sum, float* sq, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0.0, q = 0.0;
    for (int c = 0; c < cols; ++c) {
        double v = __half2float(x[r * cols + c]);
        s += v;
        q += v * v;
    }
    sum[r] = (float)s;
    sq[r] = (float)q;
}
