#include <cuda_runtime.h>

// nn.Conv1d(Cin, Cout, K, stride, padding, dilation) with bias.
// x: [N, Cin, L], w: [Cout, Cin, K], bias: [Cout], y: [N, Cout, Lout]
// Lout = (L + 2*pad - dil*(K-1) - 1) / stride + 1.  Grid-stride loop over the outputs.
__global__ void conv1d_dilated(const float* __restrict__ x, const float* __restrict__ w,
                               const float* __restrict__ bias, float* __restrict__ y,
                               int N, int Cin, int L, int Cout, int K, int Lout,
                               int stride, int pad, int dil) {
    const size_t total = (size_t)N * Cout * Lout;
    for (size_t idx = (size_t)blockIdx.x * blockDim.x + threadIdx.x; idx < total;
         idx += (size_t)gridDim.x * blockDim.x) {
        const int lo = (int)(idx % Lout);
        const int co = (int)((idx / Lout) % Cout);
        const int n = (int)(idx / ((size_t)Lout * Cout));
        float acc = bias[co];
        for (int ci = 0; ci < Cin; ++ci) {
            const float* __restrict__ xrow = x + ((size_t)n * Cin + ci) * L;
            const float* __restrict__ wrow = w + ((size_t)co * Cin + ci) * K;
            for (int k = 0; k < K; ++k) {
                const int pos = lo * stride - pad + k * dil;
                if (pos < 0 || pos > L) continue;  // zero padding
                acc += xrow[pos] * wrow[k];
            }
        }
        y[idx] = acc;
    }
}
