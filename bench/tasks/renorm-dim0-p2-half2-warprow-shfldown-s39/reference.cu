#include <cuda_fp16.h>
#include <math.h>
// Reference: one thread per row, the norm in double, then the row rescaled.
__global__ void renorm_rows_ref(const __half* x, __half* y, int rows, int cols, float maxnorm) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const __half* xr = x + (long long)r * cols;
    __half* yr = y + (long long)r * cols;
    double ss = 0.0;
    for (int c = 0; c < cols; ++c) {
        double v = __half2float(xr[c]);
        ss += v * v;
    }
    double norm = sqrt(ss);
    double factor = norm > (double)maxnorm ? (double)maxnorm / (norm + 1e-7) : 1.0;
    for (int c = 0; c < cols; ++c)
        yr[c] = __float2half((float)((double)__half2float(xr[c]) * factor));
}
