#include <cuda_fp16.h>
#include <stdint.h>
#include <math.h>
// Reference: one thread per group of 64, a plain loop for the absmax and another for the codes.
__global__ void quant_ref(const __half* x, int8_t* q, float* scales, int num_groups) {
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= num_groups) return;
    const __half* xg = x + (long long)g * 64;
    float amax = 0.0f;
    for (int i = 0; i < 64; ++i) {
        float a = fabsf(__half2float(xg[i]));
        if (a > amax) amax = a;
    }
    float inv = amax > 0.0f ? 127.0f / amax : 0.0f;
    for (int i = 0; i < 64; ++i) {
        float r = rintf(__half2float(xg[i]) * inv);
        if (r > 127.0f) r = 127.0f;
        if (r < -127.0f) r = -127.0f;
        q[(long long)g * 64 + i] = (int8_t)(int)r;
    }
    scales[g] = amax / 127.0f;
}
