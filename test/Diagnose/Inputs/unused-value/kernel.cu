// Per-row mean and unbiased variance. Both scale factors are computed; the
// variance store multiplies by the mean's.
__global__ void row_var(const float* x, float* mean, float* var, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float inv_n = 1.0f / (float)cols;
    const float inv_dof = 1.0f / (float)(cols - 1);
    float s = 0.0f;
    for (int j = 0; j < cols; ++j) s += x[r * cols + j];
    const float mu = s * inv_n;
    float q = 0.0f;
    for (int j = 0; j < cols; ++j) {
        float d = x[r * cols + j] - mu;
        q += d * d;
    }
    mean[r] = mu;
    var[r] = q * inv_n;
}
