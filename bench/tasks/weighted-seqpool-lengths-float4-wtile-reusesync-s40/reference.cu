// Reference: one thread per (b, d), double accumulation over the valid time steps.
__global__ void weighted_seqpool_ref(const float* x, const float* w, const int* lengths, float* out,
                                     int T, int D) {
    int b = blockIdx.y;
    int d = blockIdx.x * blockDim.x + threadIdx.x;
    if (d >= D) return;
    int len = lengths[b];
    if (len < 0) len = 0;
    if (len > T) len = T;
    double s = 0.0;
    for (int t = 0; t < len; ++t)
        s += (double)w[(long long)b * T + t] * (double)x[((long long)b * T + t) * D + d];
    out[(long long)b * D + d] = (float)s;
}
