// one thread per element: out[r][c] = sum_{j <= c} in[r][j]
__global__ void row_cumsum_ref(const float* in, float* out, int rows, int cols) {
    long t = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= (long)rows * cols) return;
    long r = t / cols, c = t % cols;
    double s = 0.0;
    for (long j = 0; j <= c; ++j) s += in[r * cols + j];
    out[t] = (float)s;
}
