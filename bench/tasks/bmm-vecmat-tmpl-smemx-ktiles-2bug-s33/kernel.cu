#include <torch/extension.h>
#include <cuda_runtime.h>

// Batched vector-matrix product: y[b, :] = x[b, :] @ A[b, :, :]
//   x [B, K], A [B, K, M] (row-major), y [B, M]    == torch.bmm(x.unsqueeze(1), A).squeeze(1)
// Grid (ceil(M / TK), B); each thread owns one output column m and walks K. The vector x[b]
// is staged through shared memory TK elements at a time (every thread loads one element),
// so the reads of A stay coalesced along m.

template <int TK>
__global__ void bmm_vecmat_kernel(const float* __restrict__ x,
                                  const float* __restrict__ A,
                                  float* __restrict__ y,
                                  int K, int M) {
    __shared__ float sx[TK];
    const int b = blockIdx.y;
    const int m = blockIdx.x * TK + threadIdx.x;
    const float* __restrict__ xb = x + (size_t)b * K;
    const float* __restrict__ Ab = A + (size_t)b * K * M;

    float acc = 0.0f;
    const int ntiles = K / TK;
    for (int t = 0; t < ntiles; ++t) {
        const int k0 = t * TK;
        const int k = k0 + threadIdx.x;
        sx[threadIdx.x] = (k < K) ? xb[k] : 0.0f;
        __syncthreads();

        const int kend = min(TK, K - k0);
        if (m < M) {
#pragma unroll 4
            for (int kk = 0; kk < kend; ++kk)
                acc += sx[kk] * Ab[(size_t)(k0 + kk) * M + m];
        }
    }
    if (m < M) y[(size_t)b * M + m] = acc;
}

torch::Tensor bmm_vecmat(torch::Tensor x, torch::Tensor A) {
    const int B = A.size(0), K = A.size(1), M = A.size(2);
    auto y = torch::empty({B, M}, A.options());
    constexpr int TK = 128;
    dim3 grid((M + TK - 1) / TK, B);
    bmm_vecmat_kernel<TK><<<grid, TK>>>(x.data_ptr<float>(), A.data_ptr<float>(), y.data_ptr<float>(), K, M);
    return y;
}
