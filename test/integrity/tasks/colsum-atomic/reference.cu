__global__ void colsum_ref(const float* x, float* out, int R, int C) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= C) return;
    double s = 0.0;
    for (int r = 0; r < R; ++r) s += x[r * C + c];
    out[c] = (float)s;
}
