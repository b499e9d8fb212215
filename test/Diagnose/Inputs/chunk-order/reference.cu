__global__ void gru_ref(const float* gi, const float* gh, const float* h, float* out, int B, int H) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= B * H) return;
    int b = i / H, j = i % H;
    const float* a = gi + b * 3 * H;
    const float* c = gh + b * 3 * H;
    float r = 1.0f / (1.0f + expf(-(a[j] + c[j])));
    float z = 1.0f / (1.0f + expf(-(a[H + j] + c[H + j])));
    float n = tanhf(a[2 * H + j] + r * c[2 * H + j]);
    out[i] = (1.0f - z) * n + z * h[i];
}
