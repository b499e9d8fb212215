// Reference: one thread per output voxel (blockIdx.y = n*c plane); every tap of the
// K x K x K dilated window is enumerated and skipped when outside the input.
__global__ void maxpool3d_ref(const float* x, float* y, int D, int H, int W,
                              int Do, int Ho, int Wo, int K, int S, int P, int DL) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= Do * Ho * Wo) return;
    long long nc = blockIdx.y;
    int od = o / (Ho * Wo), oh = (o / Wo) % Ho, ow = o % Wo;
    bool any = false;
    float best = 0.0f;
    for (int kd = 0; kd < K; ++kd)
        for (int kh = 0; kh < K; ++kh)
            for (int kw = 0; kw < K; ++kw) {
                int d = od * S - P + kd * DL, h = oh * S - P + kh * DL, w = ow * S - P + kw * DL;
                if (d < 0 || d >= D || h < 0 || h >= H || w < 0 || w >= W) continue;
                float v = x[((nc * D + d) * H + h) * W + w];
                if (!any || v > best) { best = v; any = true; }
            }
    y[nc * Do * Ho * Wo + o] = best;
}
