#include <cuda_bf16.h>
#include <math.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

// bf16 RoPE, interleaved pairs, fp32 math. 1-D launch over all T*H*D/2 pairs, 128 threads per block.
__global__ void rope_bf16_kernel(__nv_bfloat16* __restrict__ x, int T, int H, int D, float base) {
    const long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const int half_d = D / 2;
    const int p = (int)(k % half_d);
    const int t = (int)(k / ((long long)H * half_d));
    const float inv_freq = powf(base, -(float)((2 * p) / D));
    float sn, cs;
    sn = sinf(t * inv_freq);
    cs = cosf(t * inv_freq);
    __nv_bfloat162* pair = reinterpret_cast<__nv_bfloat162*>(x) + k;
    float2 v = __bfloat1622float2(*pair);
    *pair = __floats2bfloat162_rn(v.x * cs - v.y * sn, v.x * sn + v.y * cs);
}
