#include <cuda_runtime.h>
#include <math.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__device__ __forceinline__ float sigm(float v) { return 1.0f / (1.0f + __expf(-v)); }

// 4 elements per thread through float4; the last n % 4 elements are done one by one.
__global__ void sigmoid_f4_kernel(const float* __restrict__ x, float* __restrict__ y, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int n4 = n / 4;
    if (tid < n4) {
        float4 v = reinterpret_cast<const float4*>(x)[tid];
        float4 r;
        r.x = sigm(v.x); r.y = sigm(v.y); r.z = sigm(v.z); r.w = sigm(v.w);
        reinterpret_cast<float4*>(y)[tid] = r;
    }
    // scalar tail
    if (tid < n - n4 * 4) {
        int j = n4 * 4 + tid;
        y[j] = sigm(x[j]);
    }
}
