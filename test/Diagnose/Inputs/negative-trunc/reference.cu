__global__ void upsample_linear_ref(const float* x, float* y, int R, int L, int OL, float scale) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= R * OL) return;
    int r = i / OL, o = i % OL;
    float p = fmaxf((o + 0.5f) * scale - 0.5f, 0.0f);
    int a = (int)floorf(p);
    int b = a + 1 < L ? a + 1 : L - 1;
    float t = p - a;
    y[i] = x[r * L + a] * (1.0f - t) + x[r * L + b] * t;
}
