import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# The scale is a torch op; the kernel then updates its result in place, with the
# comparison inverted (negative values kept, positive ones scaled).
source = """
#include <torch/extension.h>

__global__ void leaky_inplace(float* x, int size, float slope) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < size) {
        float v = x[idx];
        x[idx] = v < 0.0f ? v : v * slope;
    }
}

torch::Tensor scale_leaky(torch::Tensor x, float slope) {
    auto out = x * 2.0;
    int size = out.numel();
    leaky_inplace<<<(size + 255) / 256, 256>>>(out.data_ptr<float>(), size, slope);
    return out;
}
"""

ext = load_inline(name="leaky_inplace_ext", cpp_sources="torch::Tensor scale_leaky(torch::Tensor x, float slope);",
                  cuda_sources=source, functions=["scale_leaky"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return ext.scale_leaky(x.cuda(), 0.1)
