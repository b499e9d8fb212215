__global__ void top1_ref(const float* scores, int* best_idx, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    int arg = 0;
    for (int c = 1; c < cols; ++c)
        if (scores[r * cols + c] > scores[r * cols + arg]) arg = c;
    best_idx[r] = arg;
}
