#include <cuda_bf16.h>
#include <math.h>
// one single-thread block per row, double accumulation
__global__ void kl_ref(const __nv_bfloat16* log_q, const __nv_bfloat16* p, float* out, int cols) {
    const long long r = blockIdx.x;
    double s = 0.0;
    for (int c = 0; c < cols; ++c) {
        double pv = (double)__bfloat162float(p[r * cols + c]);
        double lq = (double)__bfloat162float(log_q[r * cols + c]);
        if (pv > 0.0) s += pv * (log(pv) - lq);
    }
    out[r] = (float)s;
}
