__global__ void flip_ref(const float *x, float *y, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= cols) return;
    int r = blockIdx.y;
    y[r * cols + c] = x[r * cols + (cols - 1 - c)];
}
