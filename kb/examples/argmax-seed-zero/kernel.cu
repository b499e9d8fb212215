// Index of the largest score per row (top-1), one thread per row.
// Bug: the running best starts at 0, so rows whose scores are all negative return -1.
__global__ void top1(const float* scores, int* best_idx, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float best = 0.0f;
    int arg = -1;
    for (int c = 0; c < cols; ++c) {
        float s = scores[r * cols + c];
        if (s > best) {
            best = s;
            arg = c;
        }
    }
    best_idx[r] = arg;
}
