import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

BLOCK_SIZE = 256

leaky_relu_source = f"""
#include <torch/extension.h>
#include <cuda_runtime.h>

#define BLOCK_SIZE {BLOCK_SIZE}

__global__ void leaky_relu_kernel(const float* __restrict__ x, float* __restrict__ out, float negative_slope, int size) {{
    int idx = blockIdx.x * BLOCK_SIZE + threadIdx.x;
    if (idx < size) {{
        float v = x[idx];
        out[idx] = v > 0.0f ? v : v * negative_slope;
    }}
}}

torch::Tensor leaky_relu_cuda(torch::Tensor x, float negative_slope) {{
    auto out = torch::empty_like(x);
    int size = x.numel();
    int num_blocks = (size + BLOCK_SIZE - 1) / BLOCK_SIZE;
    leaky_relu_kernel<<<num_blocks, BLOCK_SIZE>>>(x.data_ptr<float>(), out.data_ptr<float>(), negative_slope, size);
    return out;
}}
"""

leaky_relu_cpp_source = "torch::Tensor leaky_relu_cuda(torch::Tensor x, float negative_slope);"

leaky_relu = load_inline(
    name="leaky_relu",
    cpp_sources=leaky_relu_cpp_source,
    cuda_sources=leaky_relu_source,
    functions=["leaky_relu_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, negative_slope: float = 0.01):
        super(ModelNew, self).__init__()
        self.negative_slope = negative_slope
        self.leaky_relu = leaky_relu

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.leaky_relu.leaky_relu_cuda(x.contiguous(), self.negative_slope)
