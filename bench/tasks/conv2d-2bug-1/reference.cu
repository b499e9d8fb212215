__global__ void conv2d_ref(const float* in, const float* filt, float* out, int N, int C, int H, int W, int K, int R, int S) {
    int P = H - R + 1, Q = W - S + 1;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N * K * P * Q) return;
    int q = i % Q, p = (i / Q) % P, k = (i / (P * Q)) % K, n = i / (K * P * Q);
    float s = 0.f;
    for (int c = 0; c < C; ++c)
        for (int r = 0; r < R; ++r)
            for (int t = 0; t < S; ++t)
                s += in[((n * C + c) * H + p + r) * W + q + t] * filt[((k * C + c) * R + r) * S + t];
    out[i] = s;
}
