// y[b, o, t] = bias[o] + sum_{c, k} w[o, c, k] * x[b, c, t + k - pad] (zero padding, stride 1),
// x: B x Cin x L, w: Cout x Cin x KW, y: B x Cout x L. grid = (ceil(L/256), Cout, B).
#include <cuda_runtime.h>

__global__ void conv1d_kernel(const float* x, const float* w, const float* bias, float* y,
                              int Cin, int Cout, int L, int KW, int pad) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int o = blockIdx.y;
    int b = blockIdx.z;
    if (t >= L) return;
    float acc = bias[o];
    for (int c = 0; c < Cin; ++c) {
        const float* xc = x + ((size_t)b * Cin + c) * L;
        const float* wc = w + ((size_t)o * Cin + c) * KW;
        for (int k = 0; k < KW; ++k) {
            int pos = t + k - pad;
            if (pos < 0 || pos >= L) continue;
            acc += wc[k] * xc[pos];
        }
    }
    y[((size_t)b * Cout + o) * L + t] = acc;
}
