// one thread per row, serial running sum in double
__global__ void masked_cumsum_ref(const float* x, const bool* mask, float* out, int B, int L) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= B) return;
    double s = 0.0;
    for (int j = 0; j < L; ++j) {
        long long i = (long long)r * L + j;
        if (mask[i]) s += x[i];
        out[i] = (float)s;
    }
}
