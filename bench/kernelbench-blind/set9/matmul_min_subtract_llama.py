import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Define the custom CUDA kernel for matrix multiplication, min, and subtraction
matmul_min_subtract_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void matmul_min_subtract_kernel(const float* x, const float* weight, const float* bias, const float* constant, float* out, int batch_size, int in_features, int out_features) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < batch_size * out_features) {
        int batch_idx = idx / out_features;
        int out_idx = idx % out_features;
        float sum = 0;
        for (int i = 0; i < in_features; i++) {
            sum += x[batch_idx * in_features + i] * weight[out_idx * in_features + i];
        }
        sum += bias[out_idx];
        float c = constant[0];
        out[idx] = fminf(sum, c) - c;
    }
}

torch::Tensor matmul_min_subtract_cuda(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, torch::Tensor constant) {
    auto batch_size = x.size(0);
    auto in_features = x.size(1);
    auto out_features = weight.size(0);
    auto out = torch::zeros({batch_size, out_features}, x.options());

    const int block_size = 256;
    const int num_blocks = (batch_size * out_features + block_size - 1) / block_size;

    matmul_min_subtract_kernel<<<num_blocks, block_size>>>(x.data_ptr<float>(), weight.data_ptr<float>(), bias.data_ptr<float>(), constant.data_ptr<float>(), out.data_ptr<float>(), batch_size, in_features, out_features);

    return out;
}
"""

matmul_min_subtract_cpp_source = "torch::Tensor matmul_min_subtract_cuda(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, torch::Tensor constant);"

# Compile the inline CUDA code for matrix multiplication, min, and subtraction
matmul_min_subtract = load_inline(
    name="matmul_min_subtract",
    cpp_sources=matmul_min_subtract_cpp_source,
    cuda_sources=matmul_min_subtract_source,
    functions=["matmul_min_subtract_cuda"],
    verbose=True,
    extra_cflags=[""],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, constant):
        super(ModelNew, self).__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.constant = nn.Parameter(torch.tensor(constant))
        self.matmul_min_subtract = matmul_min_subtract

    def forward(self, x):
        return self.matmul_min_subtract.matmul_min_subtract_cuda(x, self.linear.weight, self.linear.bias, self.constant)
