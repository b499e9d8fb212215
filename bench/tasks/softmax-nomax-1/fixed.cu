#include <cuda_runtime.h>
#include <math.h>

constexpr int kThreads = 256;

// One block per row. Two block-wide reductions through shared memory.
__global__ void softmax_block_kernel(const float* __restrict__ x, float* __restrict__ y,
                                     int rows, int cols) {
    __shared__ float red[kThreads];
    const int row = blockIdx.x;
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)row * cols;
    float* yr = y + (size_t)row * cols;

    // row max
    float m = -INFINITY;
    for (int c = tid; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    red[tid] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    const float rmax = red[0];
    __syncthreads();

    // sum of exponentials
    float sum = 0.0f;
    for (int c = tid; c < cols; c += blockDim.x) sum += expf(xr[c] - rmax);
    red[tid] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    const float inv = 1.0f / red[0];

    for (int c = tid; c < cols; c += blockDim.x) yr[c] = expf(xr[c] - rmax) * inv;
}
