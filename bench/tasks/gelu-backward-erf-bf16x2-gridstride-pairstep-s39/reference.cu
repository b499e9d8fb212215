#include <math.h>
#include <cuda_bf16.h>
// Reference exact-GELU backward: one thread per element, computed in double, rounded to bf16.
__global__ void gelu_backward_ref(const __nv_bfloat16* dy, const __nv_bfloat16* x, __nv_bfloat16* dx, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = (double)__bfloat162float(x[i]);
    double g = (double)__bfloat162float(dy[i]);
    double cdf = 0.5 * (1.0 + erf(v * 0.70710678118654752440));
    double pdf = exp(-0.5 * v * v) * 0.39894228040143267794;
    dx[i] = __float2bfloat16((float)(g * (cdf + v * pdf)));
}
