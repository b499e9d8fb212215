// Reference: one thread per row, sequential dot product in double.
__global__ void csr_spmv_ref(const int* row_ptr, const int* col_idx, const float* vals,
                             const float* x, float* y, int rows) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    double s = 0.0;
    for (int j = row_ptr[r]; j < row_ptr[r + 1]; ++j)
        s += (double)vals[j] * (double)x[col_idx[j]];
    y[r] = (float)s;
}
