// Reference: one thread per element (row = blockIdx.y), suffix sum of the row in double.
__global__ void reverse_cumsum_ref(const float* x, float* y, int L) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= L) return;
    long long r = blockIdx.y;
    double s = 0.0;
    for (int k = j; k < L; ++k) s += (double)x[r * L + k];
    y[r * L + j] = (float)s;
}
