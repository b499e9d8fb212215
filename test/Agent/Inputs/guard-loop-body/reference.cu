__global__ void scale_rows_ref(const float* a, const float* f, float* b, int rows, int cols) {
    int r = blockIdx.x * blockDim.y + threadIdx.y;
    if (r >= rows) return;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) b[r * cols + c] = a[r * cols + c] * f[r];
}
