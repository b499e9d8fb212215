#include <cuda_bf16.h>

// Row sums of a bf16 matrix, one thread per row, float result.
__global__ void rowsum_bf16(const __nv_bfloat16* __restrict__ x, float* __restrict__ out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const __nv_bfloat16* p = x + (size_t)r * cols;
    __nv_bfloat16 acc = __float2bfloat16(0.0f);
    for (int c = 0; c < cols; ++c) acc = __hadd(acc, p[c]);
    out[r] = __bfloat162float(acc);
}
