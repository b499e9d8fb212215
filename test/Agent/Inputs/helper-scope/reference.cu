__global__ void row_shares_ref(const int* counts, const int* totals, float* out, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols) out[i] = (float)counts[i] / (float)totals[i / cols];
}
