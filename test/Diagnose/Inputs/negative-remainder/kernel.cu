// Cyclic shift of the columns of an R x W matrix by dx (either sign):
// out[r][c] = x[r][(c - dx) mod W].
__global__ void shift_cols(const float* x, float* out, int R, int W, int dx) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (c >= W || r >= R) return;
    int k = dx % W;
    int src = c - k;
    if (src < 0) src += W;
    out[r * W + c] = x[r * W + src];
}
