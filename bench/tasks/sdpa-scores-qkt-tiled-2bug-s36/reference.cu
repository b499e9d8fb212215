// Reference: one thread per score (flat index over [B*H, Lq, Lk]), dot product in double.
__global__ void qk_scores_ref(const float* Q, const float* K, float* S,
                              int BH, int Lq, int Lk, int D, float scale) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)BH * Lq * Lk) return;
    int kj = (int)(i % Lk);
    int qi = (int)((i / Lk) % Lq);
    long long bh = i / ((long long)Lk * Lq);
    const float* q = Q + (bh * Lq + qi) * D;
    const float* k = K + (bh * Lk + kj) * D;
    double s = 0.0;
    for (int d = 0; d < D; ++d) s += (double)q[d] * (double)k[d];
    S[i] = (float)(s * (double)scale);
}
