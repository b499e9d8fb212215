__global__ void rowscale_cols_ref(const float* x, const float* s, float* y, int H, int W) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int p = blockIdx.y;
    if (c >= W) return;
    for (int r = 0; r < H; ++r)
        y[(p * H + r) * W + c] = x[(p * H + r) * W + c] * s[r];
}
