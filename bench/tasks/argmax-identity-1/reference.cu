__global__ void argmax_ref(const float* x, int* idx, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    int best = 0;
    for (int c = 1; c < cols; ++c) if (x[(long long)r * cols + c] > x[(long long)r * cols + best]) best = c;
    idx[r] = best;
}
