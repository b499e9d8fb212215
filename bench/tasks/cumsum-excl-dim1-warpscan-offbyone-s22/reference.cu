// one thread per (batch, inner) column, serial exclusive scan in double
__global__ void excl_cumsum_ref(const float* x, float* y, int B, int L, int D) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= B * D) return;
    int b = col / D, d = col % D;
    double run = 0.0;
    for (int l = 0; l < L; ++l) {
        long long i = ((long long)b * L + l) * D + d;
        y[i] = (float)run;
        run += (double)x[i];
    }
}
