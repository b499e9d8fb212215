__global__ void depth_to_space_ref(const float* x, float* y, int N, int C, int H, int W, int r) {
    int ox = blockIdx.x * blockDim.x + threadIdx.x;
    int oy = blockIdx.y;
    int nc = blockIdx.z;
    if (ox >= W * r) return;
    int n = nc / C, c = nc % C;
    int ch = c * r * r + (oy % r) * r + (ox % r);
    y[((n * C + c) * H * r + oy) * (W * r) + ox] = x[((n * C * r * r + ch) * H + oy / r) * W + ox / r];
}
