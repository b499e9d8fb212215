// Row L2 norms (torch.linalg.norm(x, dim=1)), one warp per row, 256-thread blocks.
#define FULL 0xffffffffu
#define WARP 32

__global__ void row_l2norm(const float *x, float *norms, int rows, int cols)
{
    int gw = (blockIdx.x * blockDim.x + threadIdx.x) / WARP;
    int lane = threadIdx.x % WARP;
    if (gw >= rows) return;
    float acc = 0.f;
    for (int c = lane; c < cols; c += WARP) {
        float v = x[gw * cols + c];
        acc = fmaf(v, v, acc);
    }
    for (int o = WARP / 2; o >= 1; o >>= 1)
        acc += __shfl_down_sync(FULL, acc, o);
    if (lane == 0) norms[gw] = sqrtf(acc);
}
