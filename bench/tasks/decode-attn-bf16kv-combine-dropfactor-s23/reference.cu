#include <cuda_bf16.h>
#include <math.h>
// one thread per (b, h, d) output; two-pass max-shifted softmax in double
__global__ void decode_attn_ref(const float* q, const __nv_bfloat16* k, const __nv_bfloat16* v, float* out,
                                int L, float scale) {
    int d = threadIdx.x;                 // 64 threads
    long bh = (long)blockIdx.y * gridDim.x + blockIdx.x;
    const int D = 64;
    double mx = -1e300;
    for (int j = 0; j < L; ++j) {
        double s = 0.0;
        for (int e = 0; e < D; ++e) s += (double)q[bh * D + e] * (double)__bfloat162float(k[(bh * L + j) * D + e]);
        s *= (double)scale;
        if (s > mx) mx = s;
    }
    double den = 0.0, num = 0.0;
    for (int j = 0; j < L; ++j) {
        double s = 0.0;
        for (int e = 0; e < D; ++e) s += (double)q[bh * D + e] * (double)__bfloat162float(k[(bh * L + j) * D + e]);
        double p = exp(s * (double)scale - mx);
        den += p;
        num += p * (double)__bfloat162float(v[(bh * L + j) * D + d]);
    }
    out[bh * D + d] = (float)(num / den);
}
