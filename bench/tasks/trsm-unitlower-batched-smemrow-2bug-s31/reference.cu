// Reference: one thread per (batch = blockIdx.y, rhs column), plain forward substitution in
// double (the solution so far is re-read from X), the diagonal of L taken as 1.
__global__ void trsm_unit_lower_ref(const float* L, const float* B, float* X, int n, int K) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= K) return;
    long long b = blockIdx.y;
    const float* Lb = L + b * n * n;
    const float* Bb = B + b * n * K;
    float* Xb = X + b * n * K;
    for (int i = 0; i < n; ++i) {
        double acc = (double)Bb[(long long)i * K + k];
        for (int j = 0; j < i; ++j) acc -= (double)Lb[(long long)i * n + j] * (double)Xb[(long long)j * K + k];
        Xb[(long long)i * K + k] = (float)acc;
    }
}
