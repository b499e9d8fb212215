#include <cuda_runtime.h>

// nn.ConvTranspose1d weight layout: [in_channels, out_channels, kernel]
#define W_AT(ci, co, k) w[((size_t)(co) * Cin + (ci)) * K + (k)]

// nn.ConvTranspose1d(Cin, Cout, K, stride, padding) forward, gather form:
//   y[n, co, lo] = bias[co] + sum_{ci, k : lo + pad - k = li * stride, 0 <= li < Lin} x[n, ci, li] * w[ci, co, k]
// x: [N, Cin, Lin], y: [N, Cout, Lout], Lout = (Lin - 1) * stride - 2 * pad + K.
// grid = (ceil(Lout / blockDim.x), Cout, N).
__global__ void conv_transpose1d_gather(const float* __restrict__ x, const float* __restrict__ w,
                                        const float* __restrict__ bias, float* __restrict__ y,
                                        int Cin, int Lin, int Cout, int Lout, int K, int stride, int pad) {
    const int lo = blockIdx.x * blockDim.x + threadIdx.x;
    const int co = blockIdx.y;
    const int n = blockIdx.z;
    if (lo >= Lout) return;

    float acc = bias[co];
    for (int k = 0; k < K; ++k) {
        const int t = lo + pad - k;
        if (t < 0 || t % stride != 0) continue;
        const int li = t / stride;
        if (li > Lin) continue;
        const float* __restrict__ xcol = x + (size_t)n * Cin * Lin + li;
        for (int ci = 0; ci < Cin; ++ci) acc += xcol[(size_t)ci * Lin] * W_AT(ci, co, k);
    }
    y[((size_t)n * Cout + co) * Lout + lo] = acc;
}
