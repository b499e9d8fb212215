// Reference: one thread per output (blockIdx.y = n*c plane), window taps enumerated
// one by one; a tap counts in the divisor when it lies inside the padded volume
// [-P, D+P) x [-P, H+P) x [-P, W+P), and adds its value when it lies inside the input.
__global__ void avgpool3d_ref(const float* x, float* y, int D, int H, int W,
                              int Do, int Ho, int Wo, int K, int S, int P) {
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= Do * Ho * Wo) return;
    int nc = blockIdx.y;
    int od = o / (Ho * Wo);
    int oh = (o / Wo) % Ho;
    int ow = o % Wo;
    double sum = 0.0;
    int count = 0;
    for (int kd = 0; kd < K; ++kd)
        for (int kh = 0; kh < K; ++kh)
            for (int kw = 0; kw < K; ++kw) {
                int d = od * S - P + kd, h = oh * S - P + kh, w = ow * S - P + kw;
                if (d >= D + P || h >= H + P || w >= W + P) continue;
                count++;
                if (d < 0 || h < 0 || w < 0 || d >= D || h >= H || w >= W) continue;
                sum += (double)x[(((long long)nc * D + d) * H + h) * W + w];
            }
    y[(long long)nc * Do * Ho * Wo + o] = (float)(sum / count);
}
