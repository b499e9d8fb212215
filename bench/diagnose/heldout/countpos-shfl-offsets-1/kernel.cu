// Number of positive entries per row (int output), one warp per row, integer shuffles.
__global__ void count_positive(const float *x, int *counts, int rows, int cols)
{
    const unsigned mask = 0xffffffffu;
    int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    int n = 0;
    for (int c = lane; c < cols; c += 32)
        n += x[row * cols + c] > 0.0f ? 1 : 0;
    for (int k = 1; k < 5; ++k)
        n += __shfl_down_sync(mask, n, 32 >> k);
    if (lane == 0) counts[row] = n;
}
