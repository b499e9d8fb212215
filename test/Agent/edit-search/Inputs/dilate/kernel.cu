// Dilated "valid" 1-D correlation of each row: out[r][t] = sum_k w[k] * x[r][t + k * dil].
__global__ void dilated_corr(const float* x, const float* w, float* out, int L, int K, int dil) {
    int r = blockIdx.y;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int outLen = L - K + 1;
    if (t >= outLen) return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
        acc += w[k] * x[r * L + t + k * dil];
    out[r * outLen + t] = acc;
}
