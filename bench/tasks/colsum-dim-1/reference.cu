__global__ void colsum_ref(const float* in, float* out, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols) return;
    double s = 0.0;
    for (int r = 0; r < rows; ++r) s += (double)in[(size_t)r * cols + c];
    out[c] = (float)s;
}
