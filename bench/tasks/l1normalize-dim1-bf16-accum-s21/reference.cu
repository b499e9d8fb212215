#include <cuda_bf16.h>
#include <math.h>
// one thread per (n, l) column (grid: l blocks, N): the column's L1 norm in double, then every
// element of the column divided by it
__global__ void l1_normalize_ref(const __nv_bfloat16* x, __nv_bfloat16* y, int C, int L, float eps) {
    int l = blockIdx.x * blockDim.x + threadIdx.x;
    int n = blockIdx.y;
    if (l >= L) return;
    long long base = (long long)n * C * L + l;
    double s = 0.0;
    for (int c = 0; c < C; ++c) s += fabs((double)__bfloat162float(x[base + (long long)c * L]));
    if (s < eps) s = eps;
    for (int c = 0; c < C; ++c) {
        long long i = base + (long long)c * L;
        y[i] = __float2bfloat16((float)((double)__bfloat162float(x[i]) / s));
    }
}
