#include <math.h>
// one thread per row: sequential running (max, sum) in double
__global__ void logcumsumexp_ref(const float* x, float* y, int R, int L) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= R) return;
    double m = -INFINITY, s = 0.0;
    for (int j = 0; j < L; ++j) {
        double v = (double)x[(long)r * L + j];
        if (v > m) { s = s * exp(m - v) + 1.0; m = v; }
        else s += exp(v - m);
        y[(long)r * L + j] = (float)(m + log(s));
    }
}
