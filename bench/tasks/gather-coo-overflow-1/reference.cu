__global__ void coo_ref(const int* row, const int* col, long long* lin, int nnz, int ncols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nnz) lin[i] = (long long)row[i] * (long long)ncols + (long long)col[i];
}
