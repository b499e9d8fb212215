import torch
import torch.nn as nn
from torch.utils import cpp_extension

# ---------------------------------------------------------------------------
# CUDA: (1) tiled GEMM with fused bias  y = x @ W^T + b
#       (2) row-wise numerically-stable logsumexp  out[m] = log(sum_n exp(y[m,n]))
# ---------------------------------------------------------------------------
cuda_src = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_runtime.h>
#include <math.h>

constexpr int TILE = 16;

__global__ void linear_bias_kernel(const float* __restrict__ X,   // [M, K]
                                   const float* __restrict__ W,   // [N, K]
                                   const float* __restrict__ B,   // [N]
                                   float* __restrict__ Y,         // [M, N]
                                   int M, int N, int K) {
    __shared__ float Xs[TILE][TILE];
    __shared__ float Ws[TILE][TILE + 1];

    const int row = blockIdx.y * TILE + threadIdx.y;   // m
    const int col = blockIdx.x * TILE + threadIdx.x;   // n
    const int w_row = blockIdx.x * TILE + threadIdx.y; // n index used when loading W

    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        const int kx = k0 + threadIdx.x;
        Xs[threadIdx.y][threadIdx.x] = (row < M && kx < K) ? X[(size_t)row * K + kx] : 0.f;
        Ws[threadIdx.y][threadIdx.x] = (w_row < N && kx < K) ? W[(size_t)w_row * K + kx] : 0.f;
        __syncthreads();

#pragma unroll
        for (int kk = 0; kk < TILE; ++kk) {
            acc += Xs[threadIdx.y][kk] * Ws[threadIdx.x][kk];
        }
        __syncthreads();
    }

    if (row < M && col < N) {
        Y[(size_t)row * N + col] = acc + B[col];
    }
}

__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// one block per row, blockDim.x a multiple of 32 and <= 1024
__global__ void row_logsumexp_kernel(const float* __restrict__ Y, float* __restrict__ out, int N) {
    __shared__ float red[32];
    const int row = blockIdx.x;
    const float* y = Y + (size_t)row * N;
    const int lane = threadIdx.x & 31;
    const int wid = threadIdx.x >> 5;
    const int nw = blockDim.x >> 5;

    float m = -INFINITY;
    for (int i = threadIdx.x; i < N; i += blockDim.x) m = fmaxf(m, y[i]);
    m = warp_max(m);
    if (lane == 0) red[wid] = m;
    __syncthreads();
    m = (lane < nw) ? red[lane] : -INFINITY;
    m = warp_max(m);          // every warp now holds the row max
    __syncthreads();          // red[] is reused below

    float s = 0.f;
    for (int i = threadIdx.x; i < N; i += blockDim.x) s += expf(y[i] - m);
    s = warp_sum(s);
    if (lane == 0) red[wid] = s;
    __syncthreads();
    if (wid == 0) {
        s = (lane < nw) ? red[lane] : 0.f;
        s = warp_sum(s);
        if (lane == 0) out[row] = m + logf(s);
    }
}

torch::Tensor linear_logsumexp(torch::Tensor x, torch::Tensor weight, torch::Tensor bias) {
    TORCH_CHECK(x.is_cuda() && weight.is_cuda() && bias.is_cuda(), "all inputs must be CUDA tensors");
    TORCH_CHECK(x.dtype() == torch::kFloat32, "float32 only");
    x = x.contiguous();
    weight = weight.contiguous();
    bias = bias.contiguous();

    const int M = x.size(0);
    const int K = x.size(1);
    const int N = weight.size(0);

    auto y = torch::empty({M, N}, x.options());
    auto out = torch::empty({M, 1}, x.options());
    auto stream = at::cuda::getCurrentCUDAStream();

    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    linear_bias_kernel<<<grid, block, 0, stream>>>(
        x.data_ptr<float>(), weight.data_ptr<float>(), bias.data_ptr<float>(),
        y.data_ptr<float>(), M, N, K);

    row_logsumexp_kernel<<<M, 256, 0, stream>>>(y.data_ptr<float>(), out.data_ptr<float>(), N);
    return out;
}
"""

cpp_src = "torch::Tensor linear_logsumexp(torch::Tensor x, torch::Tensor weight, torch::Tensor bias);"

_ext = cpp_extension.load_inline(
    name="linear_logsumexp_ext",
    cpp_sources=cpp_src,
    cuda_sources=cuda_src,
    functions=["linear_logsumexp"],
    extra_cuda_cflags=["-O3", "--use_fast_math"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        # keep nn.Linear for identical parameter init / state_dict layout
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        return _ext.linear_logsumexp(x, self.linear.weight, self.linear.bias)
