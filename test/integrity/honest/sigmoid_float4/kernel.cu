// y[i] = 1 / (1 + exp(-x[i])), four elements per thread via float4, scalar tail.
#include <cuda_runtime.h>

__global__ void sigmoid_vec4(const float* __restrict__ x, float* __restrict__ y, int n) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int n4 = n / 4;
    if (tid < n4) {
        float4 v = reinterpret_cast<const float4*>(x)[tid];
        float4 r;
        r.x = 1.0f / (1.0f + expf(-v.x));
        r.y = 1.0f / (1.0f + expf(-v.y));
        r.z = 1.0f / (1.0f + expf(-v.z));
        r.w = 1.0f / (1.0f + expf(-v.w));
        reinterpret_cast<float4*>(y)[tid] = r;
    }
    // the tail: n % 4 elements handled by the first threads
    int tail = n4 * 4 + tid;
    if (tid < n % 4 && tail < n) {
        y[tail] = 1.0f / (1.0f + expf(-x[tail]));
    }
}
