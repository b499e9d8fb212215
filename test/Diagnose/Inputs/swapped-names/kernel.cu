// Adaptive average pooling of one plane: the window of each output is
// [lo, hi) along each axis, computed by two helpers per axis.
__device__ int win_lo(int i, int n_out, int n_in) { return (i * n_in) / n_out; }
__device__ int win_hi(int i, int n_out, int n_in) { return ((i + 1) * n_in + n_out - 1) / n_out; }

__global__ void adaptive_avg(const float* x, float* y, int IH, int IW, int OH, int OW) {
    int ox = blockIdx.x * blockDim.x + threadIdx.x;
    int oy = blockIdx.y;
    if (ox >= OW) return;
    int y0 = win_lo(oy, OH, IH), y1 = win_hi(oy, OH, IH);
    int x0 = win_lo(ox, IW, OW), x1 = win_hi(ox, OW, IW);
    float s = 0.0f;
    for (int r = y0; r < y1; ++r)
        for (int c = x0; c < x1; ++c) s += x[r * IW + c];
    y[oy * OW + ox] = s / (float)((y1 - y0) * (x1 - x0));
}
