// Row-wise L1 normalisation (F.normalize(x, p=1)), one warp per row on a (32, 4) block.
__global__ void l1_normalize(const float *__restrict__ x, float *__restrict__ y,
                             int rows, int cols, float eps)
{
    int row = blockIdx.x * blockDim.y + threadIdx.y;
    int lane = threadIdx.x;
    if (row >= rows) return;
    const float *xr = x + (size_t)row * cols;
    float s = 0.f;
    for (int c = lane; c < cols; c += warpSize)
        s += fabsf(xr[c]);
#pragma unroll
    for (int off = warpSize / 2; off > 0; off /= 2)
        s += __shfl_xor_sync(0xffffffffu, s, off);
    float inv = 1.0f / fmaxf(s, eps);
    for (int c = lane; c < cols; c += warpSize)
        y[(size_t)row * cols + c] = xr[c] * inv;
}
