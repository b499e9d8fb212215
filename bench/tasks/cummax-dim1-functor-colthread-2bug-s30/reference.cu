// Reference: one thread per (b, d) column, seeded with the first element; a later element
// equal to the running max takes over the index (torch's cummax keeps the last position).
__global__ void cummax_dim1_ref(const float* x, float* values, long long* indices, int B, int L, int D) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= B * D) return;
    int b = col / D, d = col % D;
    long long base = (long long)b * L * D + d;
    float best = x[base];
    long long bi = 0;
    for (int l = 0; l < L; ++l) {
        long long off = base + (long long)l * D;
        if (x[off] >= best) { best = x[off]; bi = l; }
        values[off] = best;
        indices[off] = bi;
    }
}
