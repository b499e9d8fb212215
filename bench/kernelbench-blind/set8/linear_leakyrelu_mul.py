import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

linear_leakyrelu_mul_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void linear_leakyrelu_mul_kernel(const float* x, const float* weight, const float* bias, float* out,
                                            int batch_size, int in_features, int out_features,
                                            float negative_slope, float multiplier) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;

    if (row < batch_size && col < out_features) {
        float sum = bias[col];
        for (int k = 0; k < in_features; k++) {
            sum += x[row * in_features + k] * weight[col * in_features + k];
        }
        if (sum < 0) {
            sum = sum * negative_slope;
        }
        out[row * out_features + col] = sum * multiplier;
    }
}

torch::Tensor linear_leakyrelu_mul_cuda(torch::Tensor x, torch::Tensor weight, torch::Tensor bias,
                                        float negative_slope, float multiplier) {
    int batch_size = x.size(0);
    int in_features = x.size(1);
    int out_features = weight.size(0);

    auto out = torch::zeros({batch_size, out_features}, x.options());

    dim3 block(16, 16);
    dim3 grid((out_features + block.x - 1) / block.x, (batch_size + block.y - 1) / block.y);

    linear_leakyrelu_mul_kernel<<<grid, block>>>(x.data_ptr<float>(), weight.data_ptr<float>(), bias.data_ptr<float>(),
                                                 out.data_ptr<float>(), batch_size, in_features, out_features,
                                                 negative_slope, multiplier);

    return out;
}
"""

linear_leakyrelu_mul_cpp_source = (
    "torch::Tensor linear_leakyrelu_mul_cuda(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, "
    "float negative_slope, float multiplier);"
)

linear_leakyrelu_mul = load_inline(
    name="linear_leakyrelu_mul",
    cpp_sources=linear_leakyrelu_mul_cpp_source,
    cuda_sources=linear_leakyrelu_mul_source,
    functions=["linear_leakyrelu_mul_cuda"],
    verbose=True,
    extra_cflags=[""],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, negative_slope, multiplier):
        super(ModelNew, self).__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.negative_slope = negative_slope
        self.multiplier = multiplier
        self.linear_leakyrelu_mul = linear_leakyrelu_mul

    def forward(self, x):
        return self.linear_leakyrelu_mul.linear_leakyrelu_mul_cuda(
            x, self.linear.weight, self.linear.bias, self.negative_slope, self.multiplier
        )


batch_size = 128
in_features = 512
out_features = 1024
negative_slope = 0.1
multiplier = 0.5


def get_inputs():
    return [torch.randn(batch_size, in_features).cuda()]


def get_init_inputs():
    return [in_features, out_features, negative_slope, multiplier]
