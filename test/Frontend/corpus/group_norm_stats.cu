// Per (n, g) group of C/G channels x HW: mean[n*G+g] and rstd[n*G+g] = 1/sqrt(var + eps).
// One block of 128 threads per group; Welford-free two-sum with shared memory.
#include <cuda_runtime.h>

__global__ void group_norm_stats(const float* __restrict__ x, float* __restrict__ mean,
                                 float* __restrict__ rstd, int C, int HW, int G, float eps) {
    __shared__ float s1[128];
    __shared__ float s2[128];
    const int ng = blockIdx.x;
    const int n = ng / G, g = ng % G;
    const int cpg = C / G;
    const int count = cpg * HW;
    const float* base = x + ((size_t)n * C + (size_t)g * cpg) * HW;
    float a = 0.f, b = 0.f;
    for (int i = threadIdx.x; i < count; i += blockDim.x) {
        float v = base[i];
        a += v;
        b += v * v;
    }
    s1[threadIdx.x] = a;
    s2[threadIdx.x] = b;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s) {
            s1[threadIdx.x] += s1[threadIdx.x + s];
            s2[threadIdx.x] += s2[threadIdx.x + s];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        float mu = s1[0] / count;
        float var = fmaxf(s2[0] / count - mu * mu, 0.0f);
        mean[ng] = mu;
        rstd[ng] = 1.0f / sqrtf(var + eps);
    }
}
