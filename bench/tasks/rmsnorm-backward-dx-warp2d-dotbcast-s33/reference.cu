// Reference: one thread per element; the row statistics are recomputed in double.
__global__ void rmsnorm_backward_dx_ref(const float* x, const float* w, const float* dy, float* dx,
                                        int rows, int C, float eps) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= (long long)rows * C) return;
    long long r = i / C;
    int j = (int)(i % C);
    double ss = 0.0, dot = 0.0;
    for (int k = 0; k < C; ++k) {
        double xv = (double)x[r * C + k];
        ss += xv * xv;
        dot += (double)w[k] * (double)dy[r * C + k] * xv;
    }
    double rstd = 1.0 / sqrt(ss / (double)C + (double)eps);
    double v = rstd * ((double)w[j] * (double)dy[i] - (double)x[i] * rstd * rstd * dot / (double)C);
    dx[i] = (float)v;
}
