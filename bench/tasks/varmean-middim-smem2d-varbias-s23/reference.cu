// one thread per (b, n) column (b = blockIdx.y), double accumulation, two passes
__global__ void var_mean_ref(const float* x, float* mean_out, float* var_out, int M, int N, int correction) {
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    int b = blockIdx.y;
    if (n >= N) return;
    double s = 0.0;
    for (int m = 0; m < M; ++m) s += (double)x[((long)b * M + m) * N + n];
    double mu = s / M;
    double ss = 0.0;
    for (int m = 0; m < M; ++m) { double d = (double)x[((long)b * M + m) * N + n] - mu; ss += d * d; }
    int dof = M - correction; if (dof < 0) dof = 0;
    mean_out[(long)b * N + n] = (float)mu;
    var_out[(long)b * N + n] = (float)(ss / dof);
}
