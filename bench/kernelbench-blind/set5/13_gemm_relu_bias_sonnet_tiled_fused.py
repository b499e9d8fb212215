import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Fused kernel: out = relu(x @ W^T + bias)
#   x    : [batch, in_features]
#   W    : [out_features, in_features]   (nn.Linear layout, bias=False)
#   bias : [out_features]
# Each 16x16 thread block produces a 16x16 tile of the output. Both x and W
# are read along in_features, so both shared-memory loads are coalesced.
fused_src = """
#include <torch/extension.h>
#include <cuda_runtime.h>

#define TILE 16

__global__ void linear_bias_relu_kernel(
    const float* __restrict__ x,
    const float* __restrict__ W,
    const float* __restrict__ bias,
    float* __restrict__ out,
    int batch, int in_features, int out_features)
{
    __shared__ float xs[TILE][TILE];
    __shared__ float ws[TILE][TILE + 1];

    int row = blockIdx.y * TILE + threadIdx.y;     // batch index
    int col = blockIdx.x * TILE + threadIdx.x;     // output feature
    int w_row = blockIdx.x * TILE + threadIdx.y;   // W row loaded by this thread

    float acc = 0.0f;
    for (int k0 = 0; k0 < in_features; k0 += TILE) {
        int k = k0 + threadIdx.x;
        xs[threadIdx.y][threadIdx.x] = (row < batch && k < in_features) ? x[row * in_features + k] : 0.0f;
        ws[threadIdx.y][threadIdx.x] = (w_row < out_features && k < in_features) ? W[w_row * in_features + k] : 0.0f;
        __syncthreads();

        #pragma unroll
        for (int kk = 0; kk < TILE; ++kk) {
            acc += xs[threadIdx.y][kk] * ws[threadIdx.x][kk];
        }
        __syncthreads();
    }

    if (row < batch && col < out_features) {
        float v = acc + bias[col];
        out[row * out_features + col] = v > 0.0f ? v : 0.0f;
    }
}

torch::Tensor linear_bias_relu(torch::Tensor x, torch::Tensor weight, torch::Tensor bias) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    TORCH_CHECK(weight.is_cuda(), "weight must be a CUDA tensor");
    TORCH_CHECK(bias.is_cuda(), "bias must be a CUDA tensor");
    TORCH_CHECK(x.size(1) == weight.size(1), "in_features mismatch");

    auto xc = x.contiguous();
    auto wc = weight.contiguous();
    auto bc = bias.contiguous();

    const int batch = xc.size(0);
    const int in_features = xc.size(1);
    const int out_features = wc.size(0);

    auto out = torch::empty({batch, out_features}, xc.options());

    dim3 block(TILE, TILE);
    dim3 grid((out_features + TILE - 1) / TILE, (batch + TILE - 1) / TILE);

    linear_bias_relu_kernel<<<grid, block>>>(
        xc.data_ptr<float>(), wc.data_ptr<float>(), bc.data_ptr<float>(),
        out.data_ptr<float>(), batch, in_features, out_features);

    return out;
}
"""

fused_header = "torch::Tensor linear_bias_relu(torch::Tensor x, torch::Tensor weight, torch::Tensor bias);"

fused_ops = load_inline(
    name="linear_bias_relu",
    cpp_sources=fused_header,
    cuda_sources=fused_src,
    functions=["linear_bias_relu"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    Same computation as Model (Linear without bias -> + bias -> ReLU), with the
    matmul, the bias add and the ReLU fused into one CUDA kernel.
    """

    def __init__(self, in_features, out_features, bias_shape):
        super(ModelNew, self).__init__()
        # Keep the same parameter layout as the reference model.
        self.gemm = nn.Linear(in_features, out_features, bias=False)
        self.bias = nn.Parameter(torch.randn(bias_shape))
        self.fused_ops = fused_ops

    def forward(self, x):
        return self.fused_ops.linear_bias_relu(x, self.gemm.weight, self.bias)
