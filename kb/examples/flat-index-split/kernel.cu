// y = x * gamma[col] over a rows x cols row-major matrix, one thread per element.
// Bug: the column of the flat index is taken as i / rows (a column-major formula).
__global__ void scale_columns(const float* x, const float* gamma, float* y, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols) {
        int col = i / rows;
        y[i] = x[i] * gamma[col];
    }
}
