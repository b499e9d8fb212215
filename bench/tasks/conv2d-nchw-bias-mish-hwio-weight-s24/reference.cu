#include <math.h>
// Reference: 2-D launch (x: output pixel, y: n*C_out + co), double accumulation,
// explicit OIHW weight indexing.
__global__ void conv2d_bias_mish_ref(const float* input, const float* weight, const float* bias,
                                     float* output, int N, int C_in, int H, int W,
                                     int C_out, int K, int pad, int H_out, int W_out) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    int nco = blockIdx.y;
    if (p >= H_out * W_out) return;
    int oh = p / W_out, ow = p % W_out;
    int n = nco / C_out, co = nco % C_out;
    double acc = (double)bias[co];
    for (int ci = 0; ci < C_in; ++ci)
        for (int kh = 0; kh < K; ++kh)
            for (int kw = 0; kw < K; ++kw) {
                int ih = oh + kh - pad, iw = ow + kw - pad;
                if (ih >= 0 && ih < H && iw >= 0 && iw < W) {
                    long long xi = (((long long)n * C_in + ci) * H + ih) * W + iw;
                    long long wi = (((long long)co * C_in + ci) * K + kh) * K + kw;
                    acc += (double)input[xi] * (double)weight[wi];
                }
            }
    double sp = log1p(exp(acc));
    output[(long long)nco * H_out * W_out + p] = (float)(acc * tanh(sp));
}
