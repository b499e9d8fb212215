// Reference: one thread per element of x [B, R, C]; keep x[b, r, c] when c - r <= diag.
__global__ void tril_ref(const float* x, float* out, long long total, int R, int C, int diag) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= total) return;
    int c = (int)(i % C);
    int r = (int)((i / C) % R);
    out[i] = (c - r <= diag) ? x[i] : 0.0f;
}
