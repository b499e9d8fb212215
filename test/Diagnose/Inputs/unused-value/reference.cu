__global__ void row_var_ref(const float* x, float* mean, float* var, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0.0;
    for (int j = 0; j < cols; ++j) s += x[r * cols + j];
    double mu = s / cols;
    double q = 0.0;
    for (int j = 0; j < cols; ++j) q += (x[r * cols + j] - mu) * (x[r * cols + j] - mu);
    mean[r] = (float)mu;
    var[r] = (float)(q / (cols - 1));
}
