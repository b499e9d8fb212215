#include <cuda_bf16.h>

#define THREADS_PER_ROW 32

// RMSNorm for bf16 activations (Llama style): y = bf16(float(x) * inv_rms * float(w))
__global__ void rmsnorm_bf16_kernel(const __nv_bfloat16* __restrict__ x, const __nv_bfloat16* __restrict__ w,
                                    __nv_bfloat16* __restrict__ y, int rows, int dim, float eps) {
    __shared__ float red[THREADS_PER_ROW / 32];
    const __nv_bfloat16* xr = x + (size_t)blockIdx.x * dim;
    __nv_bfloat16* yr = y + (size_t)blockIdx.x * dim;
    float ss = 0.0f;
    for (int i = threadIdx.x; i < dim; i += THREADS_PER_ROW) {
        float v = __bfloat162float(xr[i]);
        ss += v * v;
    }
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffff, ss, o);
    if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = ss;
    __syncthreads();
    float tot = 0.0f;
    for (int k = 0; k < THREADS_PER_ROW / 32; ++k) tot += red[k];
    float inv = rsqrtf(tot / dim + eps);
    for (int i = threadIdx.x; i < dim; i += THREADS_PER_ROW)
        yr[i] = __float2bfloat16(__bfloat162float(xr[i]) * inv * __bfloat162float(w[i]));
}
