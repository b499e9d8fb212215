// one thread per row, product accumulated in double
__global__ void survival_ref(const float* p, float* s, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double q = 1.0;
    for (int c = 0; c < cols; ++c) q = q * (1.0 - (double)p[(long long)r * cols + c]);
    s[r] = (float)q;
}
