#include <cuda_runtime.h>

#define BX 32
#define BY 4

// direct conv2d, NCHW, stride 1, no padding. grid (ceil(Q/BX), ceil(P/BY), N*K)
__global__ void conv2d_direct(const float* __restrict__ in, const float* __restrict__ filt,
                              float* __restrict__ out, int N, int C, int H, int W, int K, int R, int S)
{
    const int P = H - R + 1;
    const int Q = W - S + 1;
    const int q = blockIdx.x * blockDim.x + threadIdx.x;
    const int p = blockIdx.y * blockDim.y + threadIdx.y;
    const int n = blockIdx.z / K;
    const int k = blockIdx.z % K;
    if (p >= P || q >= Q) return;
    float acc = 0.0f;
    for (int c = 0; c < C; ++c)
        for (int r = 0; r < R; ++r)
            for (int s = 0; s < S; ++s)
                acc += in[((n * C + c) * H + (p + r)) * W + (q + s)] * filt[((k * C + c) * R + r) * S + s];
    out[((n * K + k) * P + p) * Q + q] = acc;
}
