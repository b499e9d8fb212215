#include <math.h>
__global__ void log_softmax_ref(const float* x, float* y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = -INFINITY;
    for (int c = 0; c < cols; ++c) m = fmaxf(m, x[(long long)r * cols + c]);
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += exp((double)(x[(long long)r * cols + c] - m));
    float ls = (float)log(s);
    for (int c = 0; c < cols; ++c) y[(long long)r * cols + c] = x[(long long)r * cols + c] - m - ls;
}
