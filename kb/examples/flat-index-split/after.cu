// y = x * gamma[col] over a rows x cols row-major matrix, one thread per element.
// Fixed: the column of a row-major flat index is i % cols.
__global__ void scale_columns(const float* x, const float* gamma, float* y, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols) {
        int col = i % cols;
        y[i] = x[i] * gamma[col];
    }
}
