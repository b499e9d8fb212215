#include <math.h>
__global__ void rmsnorm_ref(const float* x, const float* w, float* y, int rows, int dim, float eps) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0.0;
    for (int c = 0; c < dim; ++c) { double v = x[(long long)r * dim + c]; s += v * v; }
    float inv = (float)(1.0 / sqrt(s / dim + (double)eps));
    for (int c = 0; c < dim; ++c) y[(long long)r * dim + c] = x[(long long)r * dim + c] * inv * w[c];
}
