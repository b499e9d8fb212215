#include <cuda_bf16.h>
#include <math.h>
__global__ void rope_bf16_ref(__nv_bfloat16* x, int T, int H, int D, float base) {
    long long k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= (long long)T * H * (D / 2)) return;
    int p = (int)(k % (D / 2));
    int t = (int)(k / ((long long)H * (D / 2)));
    float ang = (float)(t * pow((double)base, -2.0 * p / D));
    float c = cosf(ang), s = sinf(ang);
    float a = __bfloat162float(x[2 * k]), b = __bfloat162float(x[2 * k + 1]);
    x[2 * k] = __float2bfloat16(a * c - b * s);
    x[2 * k + 1] = __float2bfloat16(a * s + b * c);
}
