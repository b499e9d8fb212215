// y[i] = mask[i] ? x[i] * scale : 0, with a bool mask (scale = 1 / (1 - p)).
#include <cuda_runtime.h>

__global__ void dropout_apply(const float* x, const bool* mask, float* y, float scale, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = mask[i] ? x[i] * scale : 0.0f;
    }
}
