#include <cuda_bf16.h>
#include <cuda_runtime.h>

// F.normalize(x, p=1, dim=1, eps) for a bf16 tensor of shape (N, C, L):
//   y[n, c, l] = x[n, c, l] / max(sum_c |x[n, c, l]|, eps)
// One thread per (n, l) column; grid = (ceil(L / blockDim.x), N).
__device__ __forceinline__ __nv_bfloat16 babs(__nv_bfloat16 v) {
    return __float2bfloat16(fabsf(__bfloat162float(v)));
}

__global__ void l1_normalize_dim1_bf16(const __nv_bfloat16* __restrict__ x,
                                       __nv_bfloat16* __restrict__ y,
                                       int C, int L, float eps) {
    const int l = blockIdx.x * blockDim.x + threadIdx.x;
    if (l >= L) return;
    const size_t base = (size_t)blockIdx.y * C * L + l;

    float acc = 0.0f;
    for (int c = 0; c < C; ++c) {
        acc += __bfloat162float(babs(x[base + (size_t)c * L]));
    }
    const float inv = 1.0f / fmaxf(acc, eps);

    for (int c = 0; c < C; ++c) {
        const size_t i = base + (size_t)c * L;
        y[i] = __float2bfloat16(__bfloat162float(x[i]) * inv);
    }
}
