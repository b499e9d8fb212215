#include <cuda_bf16.h>
__global__ void rowsum_bf16_ref(const __nv_bfloat16* x, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += __bfloat162float(x[(size_t)r * cols + c]);
    out[r] = (float)s;
}
