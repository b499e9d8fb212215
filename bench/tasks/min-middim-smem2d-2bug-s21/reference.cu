// one thread per output (grid.y = batch), serial minimum over the middle dim
__global__ void min_dim1_ref(const float* x, float* out, int R, int C) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (c >= C) return;
    const float* col = x + (long long)b * R * C + c;
    float m = col[0];
    for (int r = 1; r < R; ++r) {
        float v = col[(long long)r * C];
        if (v < m) m = v;
    }
    out[(long long)b * C + c] = m;
}
