// Reference nn.Bilinear: block b, thread o computes y[b, o] with double accumulation.
__global__ void bilinear_ref(const float* x1, const float* x2, const float* W, const float* bias,
                             float* y, int in1, int in2, int out_features) {
    int b = blockIdx.x, o = threadIdx.x;
    if (o >= out_features) return;
    double s = 0.0;
    for (int i = 0; i < in1; ++i) {
        double a = (double)x1[(long long)b * in1 + i];
        double r = 0.0;
        for (int j = 0; j < in2; ++j)
            r += (double)W[((long long)o * in1 + i) * in2 + j] * (double)x2[(long long)b * in2 + j];
        s += a * r;
    }
    y[(long long)b * out_features + o] = (float)(s + (double)bias[o]);
}
