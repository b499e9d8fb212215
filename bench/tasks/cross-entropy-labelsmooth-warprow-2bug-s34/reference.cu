// Reference: one thread per row, log-sum-exp and row mean in double.
__global__ void cross_entropy_ls_ref(const float* logits, const long long* target, float* loss,
                                     int N, int C, long long ignore_index, float eps) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= N) return;
    const float* xr = logits + (long long)r * C;
    long long t = target[r];
    if (t == ignore_index) { loss[r] = 0.0f; return; }
    double m = -1e300, sx = 0.0;
    for (int j = 0; j < C; ++j) { double v = (double)xr[j]; if (v > m) m = v; sx += v; }
    double se = 0.0;
    for (int j = 0; j < C; ++j) se += exp((double)xr[j] - m);
    double lse = m + log(se);
    double e = (double)eps;
    double v = (1.0 - e) * (lse - (double)xr[t]) + e * (lse - sx / (double)C);
    loss[r] = (float)v;
}
