// Per-column affine on a [R, C] matrix, one thread per element of the flat index.
__global__ void col_affine(const float* x, const float* w, const float* b, float* out, int R, int C) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= R * C) return;
    int row = idx / C;
    int col = idx % C;
    out[idx] = x[idx] * w[row] + b[col];
}
