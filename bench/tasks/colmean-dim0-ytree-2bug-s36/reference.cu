// Reference: one thread per column, the column sum in double.
__global__ void colmean_dim0_ref(const float* x, float* out, int R, int C) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= C) return;
    double s = 0.0;
    for (int r = 0; r < R; ++r) s += (double)x[(long long)r * C + c];
    out[c] = (float)(s / (double)R);
}
