__global__ void ref(const float* in, float* out, int rows, int L, int window, int stride) {
    int Lo = (L - window) / stride + 1;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= rows * Lo) return;
    int r = t / Lo, j = t % Lo;
    float s = 0.f;
    for (int k = 0; k < window; ++k) s += in[r * L + j * stride + k];
    out[t] = s / window;
}
