#include <cuda_runtime.h>
#include <math.h>

// RMSNorm, block of 256 per row; partials accumulated with shared atomics.
__global__ void rmsnorm_shared_atomic(const float* x, const float* w, float* y, int rows, int dim, float eps)
{
    __shared__ float s_sq;
    if (threadIdx.x == 0) s_sq = 0.0f;
    __syncthreads();

    const float* xr = x + (size_t)blockIdx.x * dim;
    float p = 0.0f;
    for (int i = threadIdx.x; i < dim; i += blockDim.x) p = fmaf(xr[i], xr[i], p);
    for (int o = 16; o > 0; o >>= 1) p += __shfl_down_sync(0xffffffff, p, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(&s_sq, p);
    __syncthreads();

    const float r = rsqrtf(s_sq / dim + eps);
    for (int i = threadIdx.x; i < dim; i += blockDim.x) y[(size_t)blockIdx.x * dim + i] = xr[i] * r * w[i];
}
