// Reference: one thread per column, double accumulation over the rows.
__global__ void layernorm_bwd_gamma_beta_ref(const float* dy, const float* x, const float* mean,
                                             const float* rstd, float* dgamma, float* dbeta,
                                             int R, int C) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= C) return;
    double dg = 0.0, db = 0.0;
    for (int r = 0; r < R; ++r) {
        double g = (double)dy[(long long)r * C + c];
        double xhat = ((double)x[(long long)r * C + c] - (double)mean[r]) * (double)rstd[r];
        dg += g * xhat;
        db += g;
    }
    dgamma[c] = (float)dg;
    dbeta[c] = (float)db;
}
