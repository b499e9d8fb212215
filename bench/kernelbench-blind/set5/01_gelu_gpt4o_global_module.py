import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Define the custom CUDA kernel for the exact (erf-based) GELU activation
gelu_activation_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

__global__ void gelu_activation_kernel(const float* __restrict__ input, float* __restrict__ output, int size) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < size) {
        float x = input[idx];
        // GELU(x) = 0.5 * x * (1 + erf(x / sqrt(2)))
        output[idx] = 0.5f * x * (1.0f + erff(x * 0.70710678118654752f));
    }
}

torch::Tensor custom_gelu(torch::Tensor input) {
    auto size = input.numel();
    auto output = torch::empty_like(input);

    const int block_size = 256;
    const int num_blocks = (size + block_size - 1) / block_size;

    gelu_activation_kernel<<<num_blocks, block_size>>>(
        input.data_ptr<float>(), output.data_ptr<float>(), size);

    return output;
}
"""

gelu_activation_cpp_source = "torch::Tensor custom_gelu(torch::Tensor input);"

# Compile the inline CUDA code for GELU
gelu_module = load_inline(
    name="custom_gelu",
    cpp_sources=gelu_activation_cpp_source,
    cuda_sources=gelu_activation_source,
    functions=["custom_gelu"],
    verbose=True,
    extra_cflags=[""],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    """
    Optimized model that performs a GELU activation using a custom CUDA kernel.
    """

    def __init__(self):
        super(ModelNew, self).__init__()
        self.custom_gelu = gelu_module

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.custom_gelu.custom_gelu(x)
