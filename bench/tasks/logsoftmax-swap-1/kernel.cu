#include <cuda_runtime.h>
#include <math.h>

// log_softmax over the last dim; one thread handles one row (online max / rescaled sum)
__global__ void log_softmax_rowwise(const float* __restrict__ x, float* __restrict__ y, int rows, int cols)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* xr = x + (long long)r * cols;
    float* yr = y + (long long)r * cols;
    float mx = -INFINITY, s = 0.0f;
    for (int c = 0; c < cols; ++c) {
        float v = xr[c];
        if (v > mx) { s = s * expf(mx - v) + 1.0f; mx = v; }
        else        { s += expf(v - mx); }
    }
    float lse = mx + logf(s);
    for (int c = 0; c < cols; ++c) yr[c] = lse - xr[c];
}
