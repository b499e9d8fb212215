#include <cuda_runtime.h>
#include <math.h>

#define MAX_THREADS 256

// block-wide reduction; works for any blockDim.x <= MAX_THREADS
template <bool IS_MAX>
__device__ float block_reduce(float v, float* buf) {
    const int t = threadIdx.x;
    buf[t] = v;
    __syncthreads();
    for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
        if (t < s)
            buf[t] = IS_MAX ? fmaxf(buf[t], buf[t + s]) : buf[t] + buf[t + s];
        __syncthreads();
    }
    float r = buf[0];
    __syncthreads();
    return r;
}

__global__ void row_softmax(const float* x, float* y, int rows, int cols) {
    __shared__ float buf[MAX_THREADS];
    const float* in = x + (long)blockIdx.x * cols;
    float* out = y + (long)blockIdx.x * cols;
    float mx = -INFINITY;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) mx = fmaxf(mx, in[j]);
    mx = block_reduce<true>(mx, buf);
    float acc = 0.f;
    for (int j = threadIdx.x; j < cols; j += blockDim.x) acc += __expf(in[j] - mx);
    acc = block_reduce<false>(acc, buf);
    for (int j = threadIdx.x; j < cols; j += blockDim.x) out[j] = __expf(in[j] - mx) / acc;
}
