// torch.max(x, dim=1) of an R x C matrix: the row maximum and its first
// position. One warp per row; each lane scans a strided slice, then the lanes
// merge through shuffles (the lower position wins a tie).
__global__ void row_max(const float* x, float* vals, long long* idx, int R, int C) {
    int row = blockIdx.x;
    int lane = threadIdx.x;
    if (row >= R) return;
    float best = -INFINITY;
    int at = 0;
    for (int c = lane; c < C; c += 32) {
        float v = x[row * C + c];
        if (v >= best) { best = v; at = c; }
    }
    for (int off = 16; off > 0; off >>= 1) {
        float ob = __shfl_down_sync(0xffffffff, best, off);
        int oa = __shfl_down_sync(0xffffffff, at, off);
        if (ob > best || (ob == best && oa < at)) { best = ob; at = oa; }
    }
    if (lane == 0) { vals[row] = best; idx[row] = at; }
}
