#include <cuda_runtime.h>

// 1-D convolution (cross-correlation), stride 1, zero padding.
// x: B x Cin x L, w: Cout x Cin x KW, y: B x Cout x L. grid = (ceil(L/128), Cout, B)
__global__ void conv1d_fwd(const float* __restrict__ x, const float* __restrict__ w,
                           const float* __restrict__ bias, float* __restrict__ y,
                           int B, int Cin, int Cout, int L, int KW, int pad) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int o = blockIdx.y;
    const int b = blockIdx.z;
    if (t >= L) return;
    float acc = bias[o];
    for (int c = 0; c < Cin; ++c) {
        const float* xc = x + ((size_t)b * Cin + c) * L;
        const float* wc = w + ((size_t)o * Cin + c) * KW;
        for (int k = 0; k < KW; ++k) {
            const int pos = t + k - pad;
            if (pos >= 0 && pos < L) acc += wc[k] * xc[pos];
        }
    }
    y[((size_t)b * Cout + o) * L + t] = acc;
}
