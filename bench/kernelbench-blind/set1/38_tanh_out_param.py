import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

src = """
#include <torch/extension.h>

__global__ void tanh_inplace_kernel(const float* x, float* out, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        out[i] = tanhf(x[i]);
    }
}

void tanh_out(torch::Tensor x, torch::Tensor out) {
    int n = x.numel();
    int threads = 256;
    int blocks = 80 * 4;
    tanh_inplace_kernel<<<blocks, threads>>>(x.data_ptr<float>(), out.data_ptr<float>(), n);
}
"""

ext = load_inline(
    name="tanh_out_ext",
    cpp_sources="void tanh_out(torch::Tensor x, torch::Tensor out);",
    cuda_sources=src,
    functions=["tanh_out"],
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        out = torch.empty_like(x)
        ext.tanh_out(x, out)
        return out
