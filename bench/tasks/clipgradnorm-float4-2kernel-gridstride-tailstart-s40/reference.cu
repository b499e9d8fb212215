#include <math.h>
// Reference: a single block; per-thread double partial sums of squares, thread 0 adds them in
// order, computes clip_coef = max_norm / (norm + 1e-6) and every thread rescales when it is < 1.
__global__ void clip_grad_norm_ref(float* g, int n, float max_norm) {
    __shared__ double part[256];
    __shared__ double coef;
    double s = 0.0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) s += (double)g[i] * (double)g[i];
    part[threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        double t = 0.0;
        for (int k = 0; k < (int)blockDim.x; ++k) t += part[k];
        double c = (double)max_norm / (sqrt(t) + 1e-6);
        coef = c < 1.0 ? c : 1.0;
    }
    __syncthreads();
    if (coef < 1.0)
        for (int i = threadIdx.x; i < n; i += blockDim.x) g[i] = (float)((double)g[i] * coef);
}
