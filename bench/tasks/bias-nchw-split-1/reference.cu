__global__ void bias_silu_ref(const float* x, const float* bias, float* y, int N, int C, int H, int W) {
    int w = blockIdx.x, h = blockIdx.y, nc = blockIdx.z;
    int c = nc % C;
    int i = (nc * H + h) * W + w;
    float v = x[i] + bias[c];
    y[i] = v / (1.0f + expf(-v));
}
