import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Fused GEMM + bias + ReLU:
#   out[m, n] = relu( sum_k x[m, k] * W[n, k] + bias[n] )
# W is the nn.Linear weight in its native [out_features, in_features] layout,
# so both operand tiles are loaded along K with coalesced accesses.
fused_gemm_source = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <ATen/cuda/CUDAContext.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) CHECK_CUDA(x); CHECK_CONTIGUOUS(x)

constexpr int TILE = 32;

__global__ void gemm_bias_relu_kernel(const float* __restrict__ x,
                                      const float* __restrict__ w,
                                      const float* __restrict__ bias,
                                      float* __restrict__ out,
                                      const int M, const int N, const int K) {
    __shared__ float x_tile[TILE][TILE];
    __shared__ float w_tile[TILE][TILE + 1];  // +1 avoids bank conflicts on the transposed read

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int m = blockIdx.y * TILE + ty;
    const int n = blockIdx.x * TILE + tx;
    const int n_load = blockIdx.x * TILE + ty;

    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        const int k = k0 + tx;
        x_tile[ty][tx] = (m < M && k < K) ? x[m * K + k] : 0.0f;
        w_tile[ty][tx] = (n_load < N && k < K) ? w[n_load * K + k] : 0.0f;
        __syncthreads();

        #pragma unroll
        for (int kk = 0; kk < TILE; ++kk) {
            acc += x_tile[ty][kk] * w_tile[tx][kk];
        }
        __syncthreads();
    }

    if (m < M && n < N) {
        const float v = acc + bias[n];
        out[m * N + n] = v > 0.0f ? v : 0.0f;
    }
}

torch::Tensor gemm_bias_relu(torch::Tensor x, torch::Tensor weight, torch::Tensor bias) {
    CHECK_INPUT(x);
    CHECK_INPUT(weight);
    CHECK_INPUT(bias);
    TORCH_CHECK(x.dim() == 2 && weight.dim() == 2, "x and weight must be 2D");
    TORCH_CHECK(x.size(1) == weight.size(1), "in_features mismatch");

    const int M = x.size(0);
    const int K = x.size(1);
    const int N = weight.size(0);

    auto out = torch::empty({M, N}, x.options());

    const dim3 block(TILE, TILE);
    const dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    gemm_bias_relu_kernel<<<grid, block, 0, at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), weight.data_ptr<float>(), bias.data_ptr<float>(),
        out.data_ptr<float>(), M, N, K);

    const cudaError_t err = cudaGetLastError();
    TORCH_CHECK(err == cudaSuccess, "gemm_bias_relu_kernel failed: ", cudaGetErrorString(err));
    return out;
}
"""

fused_gemm_cpp_source = "torch::Tensor gemm_bias_relu(torch::Tensor x, torch::Tensor weight, torch::Tensor bias);"

fused_gemm = load_inline(
    name="fused_gemm_bias_relu",
    cpp_sources=fused_gemm_cpp_source,
    cuda_sources=fused_gemm_source,
    functions=["gemm_bias_relu"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    GEMM (no bias) -> + bias -> ReLU, fused into a single tiled CUDA kernel.
    """

    def __init__(self, in_features, out_features, bias_shape):
        super(ModelNew, self).__init__()
        self.gemm = nn.Linear(in_features, out_features, bias=False)
        self.bias = nn.Parameter(torch.randn(bias_shape))

    def forward(self, x):
        return fused_gemm.gemm_bias_relu(x.contiguous(), self.gemm.weight, self.bias)
