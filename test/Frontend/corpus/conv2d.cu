// Direct 2-D convolution, NCHW, stride 1, no padding: out[n, k, p, q] =
// sum_{c, r, s} in[n, c, p + r, q + s] * filt[k, c, r, s]; P = H - R + 1, Q = W - S + 1.
// Block (16, 16), grid (ceil(Q/16), ceil(P/16), N*K).
#include <cuda_runtime.h>

__global__ void conv2d_nchw(const float* __restrict__ in, const float* __restrict__ filt,
                            float* __restrict__ out, int N, int C, int H, int W, int K, int R, int S) {
    int P = H - R + 1;
    int Q = W - S + 1;
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    int p = blockIdx.y * blockDim.y + threadIdx.y;
    int nk = blockIdx.z;
    int n = nk / K;
    int k = nk % K;
    if (p >= P || q >= Q || n >= N) return;
    float acc = 0.f;
    for (int c = 0; c < C; c++)
        for (int r = 0; r < R; r++)
            for (int s = 0; s < S; s++)
                acc += in[((n * C + c) * H + p + r) * W + q + s] * filt[((k * C + c) * R + r) * S + s];
    out[((n * K + k) * P + p) * Q + q] = acc;
}
