#include <cuda_bf16.h>
#include <math.h>
__global__ void rmsnorm_bf16_ref(const __nv_bfloat16* x, const __nv_bfloat16* w, __nv_bfloat16* y, int rows, int dim, float eps) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0.0;
    for (int c = 0; c < dim; ++c) { double v = __bfloat162float(x[(size_t)r * dim + c]); s += v * v; }
    float inv = (float)(1.0 / sqrt(s / dim + (double)eps));
    for (int c = 0; c < dim; ++c)
        y[(size_t)r * dim + c] = __float2bfloat16(__bfloat162float(x[(size_t)r * dim + c]) * inv * __bfloat162float(w[c]));
}
