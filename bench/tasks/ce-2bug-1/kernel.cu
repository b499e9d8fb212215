#include <cuda_runtime.h>
#include <math.h>

__device__ __forceinline__ float warp_max_f(float v) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
    return v;
}
__device__ __forceinline__ float warp_sum_f(float v) {
    for (int o = 8; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    return v;
}

// cross-entropy, one warp per sample (block = 64 threads = 2 samples)
__global__ void xent_warp(const float* logits, const long long* labels, float* loss, int batch, int classes) {
    const int b = blockIdx.x * 2 + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (b >= batch) return;
    const float* z = logits + (long long)b * classes;
    float m = 0.0f;
    for (int c = lane; c < classes; c += 32) m = fmaxf(m, z[c]);
    m = warp_max_f(m);
    float s = 0.f;
    for (int c = lane; c < classes; c += 32) s += expf(z[c] - m);
    s = warp_sum_f(s);
    if (lane == 0) loss[b] = m + logf(s) - z[labels[b]];
}
