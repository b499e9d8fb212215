__global__ void window_sum_ref(const float* x, float* y, int H, int W, int K) {
    int oy = blockIdx.y, ox = blockIdx.x * blockDim.x + threadIdx.x;
    if (ox > W - K) return;
    float s = 0.0f;
    for (int i = 0; i < K; ++i)
        for (int j = 0; j < K; ++j) s += x[(oy + i) * W + ox + j];
    y[oy * (W - K + 1) + ox] = s;
}
