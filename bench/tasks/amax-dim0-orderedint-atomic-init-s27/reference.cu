// Reference: one thread per column, a plain scan over the rows.
__global__ void amax_dim0_ref(const float* x, float* out, int R, int C) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= C) return;
    float m = x[c];
    for (int r = 1; r < R; ++r) {
        float v = x[(long long)r * C + c];
        if (v > m) m = v;
    }
    out[c] = m;
}
