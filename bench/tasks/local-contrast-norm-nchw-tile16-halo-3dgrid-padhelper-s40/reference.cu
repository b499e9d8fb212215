#include <math.h>
// Reference: one thread per output pixel, direct loops over the clipped 5x5 window, double math.
__global__ void lcn_ref(const float* x, float* y, int H, int W, float eps) {
    long long plane = blockIdx.y;
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= H * W) return;
    int h = p / W, w = p % W;
    const float* xp = x + plane * H * W;
    double s = 0.0, ss = 0.0;
    int cnt = 0;
    for (int hh = h - 2; hh <= h + 2; ++hh) {
        if (hh < 0 || hh >= H) continue;
        for (int ww = w - 2; ww <= w + 2; ++ww) {
            if (ww < 0 || ww >= W) continue;
            double v = (double)xp[hh * W + ww];
            s += v;
            ss += v * v;
            ++cnt;
        }
    }
    double mu = s / cnt;
    double var = ss / cnt - mu * mu;
    if (var < 0.0) var = 0.0;
    y[plane * H * W + p] = (float)(((double)xp[p] - mu) / sqrt(var + (double)eps));
}
