// Reference linear recurrence: one thread per row, sequential, double carry.
__global__ void linear_recurrence_ref(const float* a, const float* x, float* h, int rows, int L) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    long long base = (long long)r * L;
    double c = 0.0;
    for (int t = 0; t < L; ++t) {
        c = (double)a[base + t] * c + (double)x[base + t];
        h[base + t] = (float)c;
    }
}
