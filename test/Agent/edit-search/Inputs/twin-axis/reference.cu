__global__ void transpose_ref(const float* in, float* out, int H, int W) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int r = blockIdx.y;
    if (c < W && r < H) out[c * H + r] = in[r * W + c];
}
