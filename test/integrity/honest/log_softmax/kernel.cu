// y[r, c] = x[r, c] - max_r - log(sum_c exp(x[r, c] - max_r)); one thread per row (online max/sum).
#include <cuda_runtime.h>

__global__ void log_softmax_rowwise(const float* __restrict__ x, float* __restrict__ y,
                                    int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        const float* xr = x + (size_t)r * cols;
        float m = xr[0];
        float s = 1.0f;
        for (int c = 1; c < cols; ++c) {
            float v = xr[c];
            if (v > m) {
                s = s * expf(m - v) + 1.0f;
                m = v;
            } else {
                s += expf(v - m);
            }
        }
        float lse = m + logf(s);
        for (int c = 0; c < cols; ++c) y[(size_t)r * cols + c] = xr[c] - lse;
    }
}
