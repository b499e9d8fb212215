// Rows of a matrix scaled by a per-row factor; blockDim.y rows per block.
__global__ void scale_rows(const float* a, const float* f, float* b, int rows, int cols) {
    int r = blockIdx.x * blockDim.y + threadIdx.y;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) b[r * cols + c] = a[r * cols + c] * f[r];
}
