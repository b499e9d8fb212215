#include <math.h>
// Reference spatial soft-argmax: one thread per plane, double sums, exact exp.
__global__ void soft_argmax_ref(const float* heat, float* out, int planes, int H, int W, float temperature) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= planes) return;
    const float* hp = heat + (long long)t * H * W;
    double m = -1e300;
    for (int p = 0; p < H * W; ++p) { double v = (double)temperature * hp[p]; if (v > m) m = v; }
    double z = 0.0, sx = 0.0, sy = 0.0;
    for (int h = 0; h < H; ++h)
        for (int w = 0; w < W; ++w) {
            double e = exp((double)temperature * hp[h * W + w] - m);
            z += e;
            sx += e * (-1.0 + 2.0 * w / (double)(W - 1));
            sy += e * (-1.0 + 2.0 * h / (double)(H - 1));
        }
    out[2 * t] = (float)(sx / z);
    out[2 * t + 1] = (float)(sy / z);
}
