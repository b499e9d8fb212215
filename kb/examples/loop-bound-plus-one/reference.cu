__global__ void conv1d_ref(const float* s, const float* f, float* out, int out_len, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= out_len) return;
    float a = 0.0f;
    for (int j = 0; j < k; ++j) a += s[i + j] * f[j];
    out[i] = a;
}
