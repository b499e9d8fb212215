#include <cuda_runtime.h>
#include <cstdint>

// nn.Conv3d(Cin, Cout, kernel_size=3) (stride 1, no padding, bias) on x: (N, Cin, D, H, W)
// -> y: (N, Cout, D-2, H-2, W-2). One output element per iteration of a 64-bit grid-stride loop.
#define KS 3

__global__ void conv3d_k3_valid(const float* __restrict__ x, const float* __restrict__ w,
                                const float* __restrict__ bias, float* __restrict__ y,
                                int N, int Cin, int Cout, int D, int H, int W) {
    const int OD = D - KS;
    const int OH = H - KS + 1;
    const int OW = W - KS + 1;
    const int64_t total = (int64_t)N * Cout * OD * OH * OW;
    for (int64_t o = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; o < total;
         o += (int64_t)blockDim.x * gridDim.x) {
        const int ox = (int)(o % OW);
        const int oy = (int)((o / OW) % OH);
        const int oz = (int)((o / ((int64_t)OW * OH)) % OD);
        const int co = (int)((o / ((int64_t)OW * OH * OD)) % Cout);
        const int n = (int)(o / ((int64_t)OW * OH * OD * Cout));

        float acc = bias[co];
        for (int ci = 0; ci < Cin; ++ci) {
            const float* __restrict__ xc = x + ((int64_t)n * Cin + ci) * D * H * W;
            const float* __restrict__ wc = w + ((int64_t)co * Cin + ci) * KS * KS * KS;
            for (int kz = 0; kz < KS; ++kz)
                for (int ky = 0; ky < KS; ++ky) {
                    const float* __restrict__ xr = xc + ((int64_t)(oz + kz) * H + (oy + ky)) * W + ox;
#pragma unroll
                    for (int kx = 0; kx < KS; ++kx) acc = fmaf(xr[kx], wc[(kz * KS + ky) * KS + kx], acc);
                }
        }
        y[o] = acc;
    }
}
