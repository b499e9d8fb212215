// q[i] = clamp(round(x[i] / scale), -128, 127) as int8, and counts the clipped values in *clipped.
#include <cuda_runtime.h>
#include <stdint.h>

__global__ void quantize_int8(const float* x, int8_t* q, float scale, unsigned int* clipped, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = __float2int_rn(x[i] / scale);
    if (v > 127 || v < -128) atomicAdd(clipped, 1u);
    v = min(max(v, -128), 127);
    q[i] = (int8_t)v;
}
