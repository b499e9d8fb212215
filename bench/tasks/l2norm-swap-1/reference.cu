__global__ void l2_normalize_ref(const float* x, float* y, int rows, int cols) {
    long t = (long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= (long)rows * cols) return;
    long r = t / cols;
    double ss = 0.0;
    for (int c = 0; c < cols; ++c) ss += (double)x[r * cols + c] * x[r * cols + c];
    double nrm = sqrt(ss);
    if (nrm < 1e-12) nrm = 1e-12;
    y[t] = (float)(x[t] / nrm);
}
