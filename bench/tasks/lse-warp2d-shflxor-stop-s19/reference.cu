#include <math.h>
// one thread per row, max then sum of exp in double
__global__ void lse_ref(const float* x, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* xr = x + (long long)r * cols;
    double m = xr[0];
    for (int c = 1; c < cols; ++c) m = xr[c] > m ? xr[c] : m;
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += exp((double)xr[c] - m);
    out[r] = (float)(m + log(s));
}
