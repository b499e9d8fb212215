#include <math.h>
// Softmax, one block of 64 threads per row; the row sum goes through shared memory.
__global__ void softmax_rows64(const float* x, float* y, int rows, int cols) {
    __shared__ float part[64];
    const float* in = x + blockIdx.x * cols;
    float* out = y + blockIdx.x * cols;
    float m = -INFINITY;
    for (int j = 0; j < cols; ++j) m = fmaxf(m, in[j]);
    float s = 0.0f;
    for (int j = threadIdx.x; j < cols; j += 64) s += expf(in[j] - m);
    part[threadIdx.x] = s;
    __syncthreads();
    for (int h = 32; h > 0; h >>= 1) {
        if (threadIdx.x < h) part[threadIdx.x] += part[threadIdx.x + h];
        __syncthreads();
    }
    for (int j = threadIdx.x; j < cols; j += 64) out[j] = expf(in[j] - m) / part[0];
}
