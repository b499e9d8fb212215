#include <cuda_bf16.h>
// Reference: one thread per output row, dot product in double.
__global__ void gemv_bf16_ref(const __nv_bfloat16* W, const __nv_bfloat16* x, float* y,
                              int M, int K) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= M) return;
    double s = 0.0;
    for (int k = 0; k < K; ++k)
        s += (double)__bfloat162float(W[(long long)r * K + k]) * (double)__bfloat162float(x[k]);
    y[r] = (float)s;
}
