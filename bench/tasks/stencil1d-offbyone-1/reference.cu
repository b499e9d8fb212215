// y[i] = (x[i-1] + 2 x[i] + x[i+1]) / 4 inside, y = x at both ends
__global__ void smooth3_ref(const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (i == 0 || i == n - 1) { y[i] = x[i]; return; }
    double s = 0.25 * (double)x[i - 1] + 0.5 * (double)x[i] + 0.25 * (double)x[i + 1];
    y[i] = (float)s;
}
