#include <math.h>
// one thread per row, max-shifted softmax in double
__global__ void softmax_ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* xr = x + (long long)r * cols;
    float* yr = y + (long long)r * cols;
    double m = -INFINITY;
    for (int c = 0; c < cols; ++c) m = fmax(m, (double)xr[c]);
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += exp((double)xr[c] - m);
    for (int c = 0; c < cols; ++c) yr[c] = (float)(exp((double)xr[c] - m) / s);
}
