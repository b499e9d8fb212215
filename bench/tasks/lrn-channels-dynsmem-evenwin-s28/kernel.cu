#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.LocalResponseNorm(size, alpha, beta, k) on NCHW:
//   y[n,c,p] = x[n,c,p] / (k + alpha / size * sum_{j = c - size/2}^{c + (size-1)/2} x[n,j,p]^2)^beta
// (torch pads the channel axis with size/2 zeros in front and (size-1)/2 behind, then
// average-pools over `size` channels).
//
// Block (32, 8): 32 consecutive pixels of one image (blockIdx.y = n), the 8 threadIdx.y
// rows stride over the channels. The squared channel column of the 32 pixels is staged in
// dynamic shared memory sq[C][32] first.

#define PIX 32

__global__ void lrn_channels_kernel(const float* __restrict__ x, float* __restrict__ y,
                                    int C, int HW, int size, float alpha, float beta, float k) {
    extern __shared__ float sq[];  // [C][PIX]

    const int tx = threadIdx.x;
    const int p = blockIdx.x * PIX + tx;
    const int n = blockIdx.y;
    const bool active = p < HW;
    const float* __restrict__ xn = x + (size_t)n * C * HW;
    float* __restrict__ yn = y + (size_t)n * C * HW;

    for (int c = threadIdx.y; c < C; c += blockDim.y) {
        const float v = active ? xn[(size_t)c * HW + p] : 0.0f;
        sq[c * PIX + tx] = v * v;
    }
    __syncthreads();
    if (!active) return;

    const int before = (size - 1) / 2;  // channels taken below c
    const int after = size / 2;         // channels taken above c
    const float scale = alpha / (float)size;
    for (int c = threadIdx.y; c < C; c += blockDim.y) {
        const int j0 = max(c - before, 0);
        const int j1 = min(c + after, C - 1);
        float s = 0.0f;
        for (int j = j0; j <= j1; ++j) s += sq[j * PIX + tx];
        const float den = powf(k + scale * s, beta);
        yn[(size_t)c * HW + p] = xn[(size_t)c * HW + p] / den;
    }
}

torch::Tensor lrn_forward(torch::Tensor x, int64_t size, double alpha, double beta, double k) {
    const int N = x.size(0), C = x.size(1), HW = x.size(2) * x.size(3);
    auto y = torch::empty_like(x);
    const dim3 block(PIX, 8);
    const dim3 grid((HW + PIX - 1) / PIX, N);
    const size_t smem = (size_t)C * PIX * sizeof(float);
    lrn_channels_kernel<<<grid, block, smem>>>(x.data_ptr<float>(), y.data_ptr<float>(), C, HW,
                                               (int)size, (float)alpha, (float)beta, (float)k);
    return y;
}
