__global__ void dilated_corr_ref(const float* x, const float* w, float* out, int L, int K, int dil) {
    int Lo = L - (K - 1) * dil;
    int r = blockIdx.y;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= Lo) return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) acc += w[k] * x[r * L + t + k * dil];
    out[r * Lo + t] = acc;
}
