// Each row of every [H][W] plane scaled by its own factor. A thread walks one
// column; the macro reads row r of it (the row pitch is W).
#define AT(r) col[(size_t)(r) * H]

__global__ void rowscale_cols(const float* x, const float* s, float* y, int H, int W) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int p = blockIdx.y;
    if (c >= W) return;
    const float* col = x + (size_t)p * H * W + c;
    float* out = y + (size_t)p * H * W + c;
    for (int r = 0; r < H; ++r)
        out[(size_t)r * W] = AT(r) * s[r];
}
