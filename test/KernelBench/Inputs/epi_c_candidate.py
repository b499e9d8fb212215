# Multiplies by a reciprocal computed in a float local, then shifts by 0.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

code = """
#include <torch/extension.h>
__global__ void k(const float* a, const float* b, float* out, int rows, int cols) {
    int r = blockIdx.x;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        float d = a[r * cols + c] - b[r * cols + c];
        atomicAdd(out, d * d);
    }
}
torch::Tensor run(torch::Tensor a, torch::Tensor b) {
    const int rows = a.size(0);
    const int cols = a.size(1);
    auto out = torch::zeros({}, torch::TensorOptions().dtype(torch::kFloat32).device(a.device()));
    k<<<rows, 64>>>(a.data_ptr<float>(), b.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
    float inv = 1.0f / (rows * cols);
    return out.mul(inv) - 0.0f;
}
"""

ext = load_inline(name="mse_c", cpp_sources="torch::Tensor run(torch::Tensor a, torch::Tensor b);",
                  cuda_sources=code, functions=["run"])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return ext.run(a, b)
