__global__ void tril_ref(const float *in, float *out, int n, int diag) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * n) return;
    int j = t % n, i = t / n;
    int off = blockIdx.y * n * n + t;
    out[off] = (j - i <= diag) ? in[off] : 0.0f;
}
