import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

TILE = 16

gemm_bias_relu_kernel = """
#include <torch/extension.h>
#include <cuda_runtime.h>

#define TILE {tile}

// out[m, n] = relu(sum_k x[m, k] * w[n, k] + bias[n]);  w is the nn.Linear weight [N, K]
__global__ void gemm_bias_relu_kernel(const float* __restrict__ x,
                                      const float* __restrict__ w,
                                      const float* __restrict__ bias,
                                      float* __restrict__ out,
                                      int M, int N, int K) {{
    __shared__ float xs[TILE][TILE];
    __shared__ float ws[TILE][TILE];

    int row = blockIdx.y * TILE + threadIdx.y;   // m
    int col = blockIdx.x * TILE + threadIdx.x;   // n
    float acc = 0.0f;

    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {{
        int kx = t * TILE + threadIdx.x;
        int kw = t * TILE + threadIdx.y;
        xs[threadIdx.y][threadIdx.x] = (row < M && kx < K) ? x[row * K + kx] : 0.0f;
        int wrow = blockIdx.x * TILE + threadIdx.x;
        ws[threadIdx.y][threadIdx.x] = (wrow < N && kw < K) ? w[wrow * K + kw] : 0.0f;
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < TILE; ++k) {{
            acc += xs[threadIdx.y][k] * ws[k][threadIdx.x];
        }}
        __syncthreads();
    }}

    if (row < M && col < N) {{
        float v = acc + bias[col];
        out[row * N + col] = v > 0.0f ? v : 0.0f;
    }}
}}

torch::Tensor gemm_bias_relu(torch::Tensor x, torch::Tensor weight, torch::Tensor bias) {{
    const int M = x.size(0);
    const int K = x.size(1);
    const int N = weight.size(0);
    auto out = torch::empty({{M, N}}, x.options());
    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    gemm_bias_relu_kernel<<<grid, block>>>(x.data_ptr<float>(), weight.data_ptr<float>(),
                                           bias.data_ptr<float>(), out.data_ptr<float>(), M, N, K);
    return out;
}}
""".format(tile=TILE)

gemm_bias_relu_cpp = "torch::Tensor gemm_bias_relu(torch::Tensor x, torch::Tensor weight, torch::Tensor bias);"

fused = load_inline(
    name="gemm_bias_relu_tiled",
    cpp_sources=gemm_bias_relu_cpp,
    cuda_sources=gemm_bias_relu_kernel,
    functions=["gemm_bias_relu"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, bias_shape):
        super(ModelNew, self).__init__()
        self.gemm = nn.Linear(in_features, out_features, bias=False)
        self.bias = nn.Parameter(torch.randn(bias_shape))

    def forward(self, x):
        return fused.gemm_bias_relu(x.contiguous(), self.gemm.weight.contiguous(), self.bias)
