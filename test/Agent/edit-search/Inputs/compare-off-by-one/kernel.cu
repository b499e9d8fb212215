// Lower-triangular mask of a square matrix: keep x[r][c] for c <= r.
__global__ void tril_kernel(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n * n) {
        int r = i / n;
        int c = i % n;
        out[i] = c < r ? x[i] : 0.0f;
    }
}
