// Reference: one thread per (b*h, d); recomputes all scores in double for its output.
__global__ void decode_attention_ref(const float* q, const float* k, const float* v, float* out,
                                     int T, int D, float scale) {
    int bh = blockIdx.x;
    int d = threadIdx.x;
    if (d >= D) return;
    const float* qv = q + (long long)bh * D;
    const float* kb = k + (long long)bh * T * D;
    const float* vb = v + (long long)bh * T * D;
    double m = -1e300;
    for (int t = 0; t < T; ++t) {
        double s = 0.0;
        for (int e = 0; e < D; ++e) s += (double)qv[e] * (double)kb[(long long)t * D + e];
        s *= (double)scale;
        if (s > m) m = s;
    }
    double l = 0.0, acc = 0.0;
    for (int t = 0; t < T; ++t) {
        double s = 0.0;
        for (int e = 0; e < D; ++e) s += (double)qv[e] * (double)kb[(long long)t * D + e];
        double p = exp(s * (double)scale - m);
        l += p;
        acc += p * (double)vb[(long long)t * D + d];
    }
    out[(long long)bh * D + d] = (float)(acc / l);
}
