import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Fused Linear -> subtract -> multiply -> ReLU in a single kernel.
fused_linear_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void fused_linear_sub_mul_relu_kernel(
    const float* __restrict__ input,    // [batch, in_features]
    const float* __restrict__ weight,   // [out_features, in_features]
    const float* __restrict__ bias,     // [out_features]
    float* __restrict__ output,         // [batch, out_features]
    const int batch_size,
    const int in_features,
    const int out_features,
    const float subtract_value,
    const float multiply_value)
{
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= batch_size * out_features) return;

    const int row = idx / out_features;
    const int col = idx % out_features;

    const float* x_row = input + row * in_features;
    const float* w_row = weight + col * in_features;

    float acc = __ldg(&bias[col]);
    #pragma unroll 4
    for (int k = 0; k < in_features; ++k) {
        acc += __ldg(&x_row[k]) * __ldg(&w_row[k]);
    }

    acc = (acc - subtract_value) * multiply_value;
    output[idx] = fmaxf(acc, 0.0f);
}

torch::Tensor fused_linear_sub_mul_relu(
    torch::Tensor input,
    torch::Tensor weight,
    torch::Tensor bias,
    double subtract_value,
    double multiply_value)
{
    TORCH_CHECK(input.is_cuda(), "input must be on CUDA");
    TORCH_CHECK(weight.is_cuda(), "weight must be on CUDA");
    TORCH_CHECK(bias.is_cuda(), "bias must be on CUDA");

    auto x = input.contiguous();
    auto w = weight.contiguous();
    auto b = bias.contiguous();

    const int batch_size = x.size(0);
    const int in_features = x.size(1);
    const int out_features = w.size(0);

    auto output = torch::empty({batch_size, out_features}, x.options());

    const int total = batch_size * out_features;
    const int threads = 128;
    const int blocks = (total + threads - 1) / threads;

    fused_linear_sub_mul_relu_kernel<<<blocks, threads>>>(
        x.data_ptr<float>(),
        w.data_ptr<float>(),
        b.data_ptr<float>(),
        output.data_ptr<float>(),
        batch_size,
        in_features,
        out_features,
        static_cast<float>(subtract_value),
        static_cast<float>(multiply_value));

    return output;
}
"""

fused_linear_cpp_source = """
torch::Tensor fused_linear_sub_mul_relu(
    torch::Tensor input,
    torch::Tensor weight,
    torch::Tensor bias,
    double subtract_value,
    double multiply_value);
"""

fused_linear = load_inline(
    name="fused_linear_sub_mul_relu",
    cpp_sources=fused_linear_cpp_source,
    cuda_sources=fused_linear_source,
    functions=["fused_linear_sub_mul_relu"],
    verbose=False,
    extra_cuda_cflags=["-O3"],
)


class ModelNew(nn.Module):
    """
    Optimized model: the linear layer, subtraction, multiplication and ReLU
    are fused into a single CUDA kernel. Parameters are kept in nn.Linear so
    initialization matches the reference model.
    """

    def __init__(self, in_features, out_features, subtract_value, multiply_value):
        super(ModelNew, self).__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.subtract_value = subtract_value
        self.multiply_value = multiply_value
        self.fused_op = fused_linear

    def forward(self, x):
        return self.fused_op.fused_linear_sub_mul_relu(
            x, self.linear.weight, self.linear.bias,
            self.subtract_value, self.multiply_value
        )
