// out[i] = (half) clamp(in[i], lo, hi) with a do-while grid-stride loop and a __device__ clamp.
#include <cuda_fp16.h>

__device__ float clampf(float v, float lo, float hi) {
    if (v < lo) return lo;
    if (v > hi) return hi;
    return v;
}

__global__ void clamp_to_half(const float* in, __half* out, float lo, float hi, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    do {
        out[i] = __float2half_rn(clampf(in[i], lo, hi));
        i += blockDim.x * gridDim.x;
    } while (i < n);
}
