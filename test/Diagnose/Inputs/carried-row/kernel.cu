// Running maximum along each row (torch.cummax values), one thread per row in
// a grid-stride loop over rows. The running value is seeded once, before the
// row loop, so every row after a thread's first starts from the last row's max.
__global__ void row_cummax(const float* x, float* y, int rows, int cols) {
    float run = -INFINITY;
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += blockDim.x * gridDim.x) {
        for (int c = 0; c < cols; ++c) {
            run = fmaxf(run, x[r * cols + c]);
            y[r * cols + c] = run;
        }
    }
}
