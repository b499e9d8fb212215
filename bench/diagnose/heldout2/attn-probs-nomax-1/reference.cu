__global__ void probs_ref(const float* q, const float* k, float* probs, int S, int D, float scale) {
    int h = blockIdx.x;
    if (threadIdx.x != 0) return;
    float* ph = probs + (long long)h * S;
    double mx = -1e300;
    for (int s = 0; s < S; ++s) {
        double dot = 0;
        for (int d = 0; d < D; ++d) dot += (double)q[(long long)h * D + d] * k[(long long)s * D + d];
        ph[s] = (float)(dot * scale);
        if (ph[s] > mx) mx = ph[s];
    }
    double den = 0;
    for (int s = 0; s < S; ++s) den += exp(ph[s] - mx);
    for (int s = 0; s < S; ++s) ph[s] = (float)(exp(ph[s] - mx) / den);
}
