// Reference: one single-thread block per row (row = blockIdx.x); both row means in
// double, then every dx of the row.
__global__ void layernorm_bwd_dx_ref(const float* dy, const float* x, const float* mean,
                                     const float* rstd, const float* gamma, float* dx,
                                     int rows, int D) {
    long long r = blockIdx.x;
    if (r >= rows) return;
    const float* dyr = dy + r * D;
    const float* xr = x + r * D;
    double mu = mean[r], rs = rstd[r];
    double sg = 0.0, sgx = 0.0;
    for (int j = 0; j < D; ++j) {
        double g = (double)dyr[j] * (double)gamma[j];
        double xh = ((double)xr[j] - mu) * rs;
        sg += g;
        sgx += g * xh;
    }
    double mg = sg / D, mgx = sgx / D;
    for (int j = 0; j < D; ++j) {
        double g = (double)dyr[j] * (double)gamma[j];
        double xh = ((double)xr[j] - mu) * rs;
        dx[r * D + j] = (float)(rs * (g - mg - xh * mgx));
    }
}
