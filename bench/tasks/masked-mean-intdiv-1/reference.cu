__global__ void masked_mean_ref(const int* vals, const int* mask, float* mean, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= gridDim.x * blockDim.x) return;
    double s = 0.0; int n = 0;
    for (int c = 0; c < cols; ++c)
        if (mask[row * cols + c] != 0) { s += vals[row * cols + c]; ++n; }
    mean[row] = n > 0 ? (float)(s / n) : 0.0f;
}
