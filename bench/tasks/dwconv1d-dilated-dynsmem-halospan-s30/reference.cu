// Reference: one thread per output element (blockIdx.y enumerates the N*C rows), direct
// depthwise convolution with explicit padding checks.
__global__ void depthwise_conv1d_ref(const float* x, const float* w, const float* bias, float* out,
                                     int C, int L, int Lout, int K, int pad, int dil) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= Lout) return;
    int row = blockIdx.y;  // n * C + c
    int c = row % C;
    double acc = (double)bias[c];
    for (int k = 0; k < K; ++k) {
        int p = o - pad + k * dil;
        if (p >= 0 && p < L) acc += (double)w[c * K + k] * (double)x[(long long)row * L + p];
    }
    out[(long long)row * Lout + o] = (float)acc;
}
