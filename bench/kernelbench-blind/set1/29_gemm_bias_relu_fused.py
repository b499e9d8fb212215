import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

fused_src = """
#include <torch/extension.h>
#include <cuda_runtime.h>

#define TILE 16

__global__ void gemm_bias_relu_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                      const float* __restrict__ bias, float* __restrict__ y,
                                      int B, int IN, int OUT) {
    __shared__ float xs[TILE][TILE];
    __shared__ float ws[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y;   // batch index
    int col = blockIdx.x * TILE + threadIdx.x;   // output feature
    float acc = 0.0f;
    for (int t = 0; t < IN; t += TILE) {
        xs[threadIdx.y][threadIdx.x] = (row < B && t + threadIdx.x < IN) ? x[row * IN + t + threadIdx.x] : 0.0f;
        ws[threadIdx.y][threadIdx.x] = (col < OUT && t + threadIdx.y < IN) ? w[col * IN + t + threadIdx.y] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += xs[threadIdx.y][k] * ws[k][threadIdx.x];
        __syncthreads();
    }
    if (row < B && col < OUT) {
        float v = acc + bias[col];
        y[row * OUT + col] = v > 0.0f ? v : 0.0f;
    }
}

torch::Tensor gemm_bias_relu(torch::Tensor x, torch::Tensor weight, torch::Tensor bias) {
    const int B = x.size(0);
    const int IN = x.size(1);
    const int OUT = weight.size(0);
    auto y = torch::empty({B, OUT}, x.options());
    dim3 block(TILE, TILE);
    dim3 grid((OUT + TILE - 1) / TILE, (B + TILE - 1) / TILE);
    gemm_bias_relu_kernel<<<grid, block>>>(x.data_ptr<float>(), weight.data_ptr<float>(),
                                           bias.data_ptr<float>(), y.data_ptr<float>(), B, IN, OUT);
    return y;
}
"""

fused_cpp = "torch::Tensor gemm_bias_relu(torch::Tensor x, torch::Tensor weight, torch::Tensor bias);"

fused_op = load_inline(
    name="gemm_bias_relu",
    cpp_sources=fused_cpp,
    cuda_sources=fused_src,
    functions=["gemm_bias_relu"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, bias_shape):
        super(ModelNew, self).__init__()
        self.gemm = nn.Linear(in_features, out_features, bias=False)
        self.bias = nn.Parameter(torch.randn(bias_shape))

    def forward(self, x):
        return fused_op.gemm_bias_relu(x, self.gemm.weight, self.bias)
