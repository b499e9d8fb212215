// One warp per row sums the row; the lane mask names all 32 lanes.
#define LANES 0xffffffffu

__global__ void row_sum_warp(const float *x, float *out, int rows, int cols) {
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    if (row >= rows) return;
    float s = 0.0f;
    for (int c = lane; c < cols; c += 32)
        s += x[row * cols + c];
    for (int off = 16; off > 0; off /= 2)
        s += __shfl_xor_sync(LANES, s, off);
    if (lane == 0)
        out[row] = s;
}
