__global__ void avgpool1d_ref(const float* in, float* out, int rows, int L, int window, int stride) {
    int Lout = (L - window) / stride + 1;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= rows * Lout) return;
    int r = i / Lout, j = i % Lout;
    float s = 0.f;
    for (int k = 0; k < window; ++k) s += in[r * L + j * stride + k];
    out[i] = s / window;
}
