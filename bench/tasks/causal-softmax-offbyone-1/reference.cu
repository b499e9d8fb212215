// one thread per (head, query, key): p = exp(s[q,k] - max_{j<=q} s[q,j]) / sum_{j<=q} exp(...)
__global__ void causal_softmax_ref(const float* scores, float* probs, int S) {
    long t = (long)blockIdx.x * blockDim.x + threadIdx.x;
    int h = blockIdx.y;
    if (t >= (long)S * S) return;
    int q = t / S, k = t % S;
    const float* row = scores + ((long)h * S + q) * S;
    float* out = probs + ((long)h * S + q) * S;
    if (k > q) { out[k] = 0.0f; return; }
    double m = row[0];
    for (int j = 1; j <= q; ++j) m = row[j] > m ? row[j] : m;
    double den = 0.0;
    for (int j = 0; j <= q; ++j) den += exp((double)row[j] - m);
    out[k] = (float)(exp((double)row[k] - m) / den);
}
