__global__ void col_lse_ref(const float *x, float *out, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols) return;
    double m = x[c];
    for (int r = 1; r < rows; ++r) m = fmax(m, (double)x[r * cols + c]);
    double s = 0;
    for (int r = 0; r < rows; ++r) s += exp((double)x[r * cols + c] - m);
    out[c] = (float)(m + log(s));
}
