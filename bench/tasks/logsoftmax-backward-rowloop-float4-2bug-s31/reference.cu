// Reference: one thread per row; the row sum of grad_out in double, then
// grad_in = grad_out - exp(out) * sum.
__global__ void log_softmax_backward_ref(const float* grad_out, const float* out, float* grad_in,
                                         int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* g = grad_out + (long long)r * cols;
    const float* y = out + (long long)r * cols;
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += (double)g[c];
    for (int c = 0; c < cols; ++c)
        grad_in[(long long)r * cols + c] = (float)((double)g[c] - exp((double)y[c]) * s);
}
