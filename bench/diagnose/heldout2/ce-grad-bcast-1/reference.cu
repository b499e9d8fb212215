__global__ void xent_ref(const float* logits, const int* labels, float* loss, float* dlogits, int N, int C) {
    int n = blockIdx.x;
    const float* z = logits + (long long)n * C;
    double m = z[0];
    for (int c = 1; c < C; ++c) if (z[c] > m) m = z[c];
    double s = 0;
    for (int c = 0; c < C; ++c) s += exp(z[c] - m);
    int y = labels[n];
    if (threadIdx.x == 0) loss[n] = (float)(log(s) + m - z[y]);
    for (int c = threadIdx.x; c < C; c += blockDim.x) {
        double p = exp(z[c] - m) / s;
        dlogits[(long long)n * C + c] = (float)((p - (c == y ? 1.0 : 0.0)) / N);
    }
}
