#include <cuda_fp16.h>
// Reference: one thread per (i, j) of one (b, h) slice (blockIdx.y = b*H + h); the whole causal
// row is recomputed in double.
__global__ void causal_attn_probs_ref(const __half* Q, const __half* K, float* P,
                                      int T, int D, float scale) {
    long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= (long long)T * T) return;
    long long bh = blockIdx.y;
    int j = (int)(e % T);
    int i = (int)(e / T);
    long long idx = bh * T * T + e;
    if (j > i) { P[idx] = 0.0f; return; }
    const __half* q = Q + (bh * T + i) * D;
    double sc[512];
    double m = -1e300;
    for (int k = 0; k <= i; ++k) {
        const __half* kr = K + (bh * T + k) * D;
        double s = 0.0;
        for (int d = 0; d < D; ++d) s += (double)__half2float(q[d]) * (double)__half2float(kr[d]);
        s *= (double)scale;
        sc[k] = s;
        if (s > m) m = s;
    }
    double z = 0.0;
    for (int k = 0; k <= i; ++k) z += exp(sc[k] - m);
    P[idx] = (float)(exp(sc[j] - m) / z);
}
