// Reference: one thread per matrix, walk every row and take x[b, i, i + k] when that column exists.
__global__ void diag_offset_sum_ref(const float* x, float* out, int B, int R, int C, int k) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= B) return;
    double s = 0.0;
    for (int i = 0; i < R; ++i) {
        int j = i + k;
        if (j >= 0 && j < C) s += (double)x[((long long)b * R + i) * C + j];
    }
    out[b] = (float)s;
}
