// Reference: one thread per output element, flat index over [B, K, D].
__global__ void index_select_dim1_ref(const float* x, const long long* index, float* y,
                                      int B, int S, int K, int D) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)B * K * D;
    if (t >= total) return;
    long long d = t % D;
    long long k = (t / D) % K;
    long long b = t / ((long long)D * K);
    long long s = index[k];
    y[t] = x[(b * S + s) * D + d];
}
