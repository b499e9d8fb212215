#include <torch/extension.h>
#include <cuda_runtime.h>

// Depthwise nn.Conv1d(C, C, K, padding=dil*(K-1)/2, dilation=dil, groups=C, bias=True), K odd,
// on a channels-last sequence: x [N, L, C] -> y [N, L, C]; weight [C, K] (torch's [C, 1, K]), bias [C].
// Block (32 channels, TL positions), grid (ceil(C/32), ceil(L/TL), N). The input tile with its
// dilated halo, (TL + (K-1)*dil) positions x 32 channels, is staged in dynamic shared memory.

#define TL 8
#define CH 32

__global__ void dwconv1d_nlc_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                    const float* __restrict__ bias, float* __restrict__ y,
                                    int N, int L, int C, int K, int dil) {
    extern __shared__ float tile[];  // [TL + (K-1)*dil][CH]
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int c = blockIdx.x * CH + tx;
    const int l0 = blockIdx.y * TL;
    const int n = blockIdx.z;
    const int pad = dil * (K - 1) / 2;

    for (int p = ty; p < TL + (K - 1); p += TL) {
        const int l = l0 - pad + p;
        tile[p * CH + tx] = (c < C && l >= 0 && l < L) ? x[((size_t)n * L + l) * C + c] : 0.0f;
    }
    __syncthreads();

    const int l = l0 + ty;
    if (c >= C || l >= L) return;
    float acc = bias[c];
    for (int k = 0; k < K; ++k)
        acc += w[c * K + k] * tile[(ty + k * dil) * CH + tx];
    y[((size_t)n * L + l) * C + c] = acc;
}

torch::Tensor dwconv1d_nlc(torch::Tensor x, torch::Tensor w, torch::Tensor bias, int64_t dil) {
    const int N = x.size(0), L = x.size(1), C = x.size(2);
    const int K = w.size(-1);
    auto y = torch::empty_like(x);
    dim3 block(CH, TL);
    dim3 grid((C + CH - 1) / CH, (L + TL - 1) / TL, N);
    const size_t smem = (size_t)(TL + (K - 1) * dil) * CH * sizeof(float);
    dwconv1d_nlc_kernel<<<grid, block, smem>>>(x.data_ptr<float>(), w.data_ptr<float>(),
                                               bias.data_ptr<float>(), y.data_ptr<float>(),
                                               N, L, C, K, (int)dil);
    return y;
}
