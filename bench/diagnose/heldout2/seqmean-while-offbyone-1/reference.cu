__global__ void masked_mean_ref(const float* x, const int* len, float* out, unsigned T, unsigned D) {
    int d = blockIdx.y * blockDim.x + threadIdx.x;
    int b = blockIdx.x;
    if (d >= (int)D) return;
    double s = 0.0;
    for (int t = 0; t < len[b]; ++t) s += x[((long long)b * T + t) * D + d];
    out[(long long)b * D + d] = (float)(s / len[b]);
}
