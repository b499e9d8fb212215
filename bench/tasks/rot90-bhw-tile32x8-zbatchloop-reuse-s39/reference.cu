// Reference: one thread per output element of y [B, W, H]; y[b, i, j] = x[b, j, W - 1 - i].
__global__ void rot90_ref(const float* x, float* y, int B, int H, int W) {
    long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)B * W * H;
    if (t >= total) return;
    long long j = t % H;
    long long i = (t / H) % W;
    long long b = t / ((long long)H * W);
    y[t] = x[(b * H + j) * W + (W - 1 - i)];
}
