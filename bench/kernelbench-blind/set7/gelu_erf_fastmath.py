import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

gelu_cuda_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void gelu_kernel(const float* __restrict__ x, float* __restrict__ y, int n) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < n) {
        float v = x[idx];
        // exact GELU: 0.5 * x * (1 + erf(x / sqrt(2)))
        y[idx] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
    }
}

torch::Tensor gelu_cuda(torch::Tensor x) {
    auto y = torch::empty_like(x);
    int n = x.numel();
    int threads = 1024;
    int blocks = (n + threads - 1) / threads;
    gelu_kernel<<<blocks, threads>>>(x.data_ptr<float>(), y.data_ptr<float>(), n);
    return y;
}
"""

gelu_cpp_source = "torch::Tensor gelu_cuda(torch::Tensor x);"

# Compile the inline CUDA code
gelu_op = load_inline(
    name="gelu_op",
    cpp_sources=gelu_cpp_source,
    cuda_sources=gelu_cuda_source,
    functions=["gelu_cuda"],
    verbose=True,
    extra_cuda_cflags=["-O3", "--use_fast_math"],
)


class ModelNew(nn.Module):
    """
    Optimized model that performs GELU activation with a custom CUDA kernel.
    """
    def __init__(self):
        super(ModelNew, self).__init__()
        self.gelu_op = gelu_op

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.gelu_op.gelu_cuda(x.contiguous())
