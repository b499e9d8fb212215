__global__ void ref(const float* x, float* y, int R, int C) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= R) return;
    float s = 0.0f;
    for (int c = 0; c < C; ++c) s += x[r * C + c] * x[r * C + c];
    for (int c = 0; c < C; ++c) y[r * C + c] = x[r * C + c] * x[r * C + c] / (s + 1e-6f);
}
