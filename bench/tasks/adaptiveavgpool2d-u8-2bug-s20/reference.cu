#include <math.h>
// one thread per output element of plane blockIdx.y; window bounds from floor/ceil in double
__global__ void adaptive_pool_ref(const unsigned char* x, float* y, int H, int W, int OH, int OW,
                                  float scale, int zero_point) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= OH * OW) return;
    int oh = t / OW, ow = t % OW;
    int h0 = (int)floor((double)oh * H / OH), h1 = (int)ceil((double)(oh + 1) * H / OH);
    int w0 = (int)floor((double)ow * W / OW), w1 = (int)ceil((double)(ow + 1) * W / OW);
    const unsigned char* xp = x + (long long)blockIdx.y * H * W;
    double s = 0.0;
    for (int h = h0; h < h1; ++h)
        for (int w = w0; w < w1; ++w) s += (double)xp[h * W + w] - zero_point;
    y[(long long)blockIdx.y * OH * OW + t] = (float)(s / ((h1 - h0) * (w1 - w0)) * scale);
}
