__global__ void row_var_ref(const float* in, float* out, int cols) {
    int r = blockIdx.x;
    if (threadIdx.x != 0) return;
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += in[r * cols + c];
    double mu = s / cols, q = 0.0;
    for (int c = 0; c < cols; ++c) q += (in[r * cols + c] - mu) * (in[r * cols + c] - mu);
    out[r] = (float)(q / cols);
}
