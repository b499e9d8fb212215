__global__ void count_ref(const float *x, int *counts, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    int n = 0;
    for (int c = 0; c < cols; ++c) n += x[r * cols + c] > 0.0f;
    counts[r] = n;
}
