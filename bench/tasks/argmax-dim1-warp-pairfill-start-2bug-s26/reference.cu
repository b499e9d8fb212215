// Reference: one thread per (b, l), sequential scan over channels, first maximum wins.
__global__ void argmax_dim1_ref(const float* x, long long* out, int B, int C, int L) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= B * L) return;
    int b = i / L, l = i % L;
    const float* p = x + (long long)b * C * L + l;
    int best = 0;
    for (int c = 1; c < C; ++c)
        if (p[(long long)c * L] > p[(long long)best * L]) best = c;
    out[i] = best;
}
