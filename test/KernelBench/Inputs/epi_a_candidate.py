# The sum is accumulated with atomicAdd into a 0-d tensor; the host divides.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = """
#include <torch/extension.h>

__global__ void sq_diff_sum(const float* a, const float* b, float* sum, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float d = a[i] - b[i];
        atomicAdd(sum, d * d);
    }
}

torch::Tensor mse_cuda(torch::Tensor a, torch::Tensor b) {
    int n = a.numel();
    auto loss = torch::zeros({}, a.options());
    sq_diff_sum<<<(n + 255) / 256, 256>>>(a.data_ptr<float>(), b.data_ptr<float>(), loss.data_ptr<float>(), n);
    return loss / n;  // RET
}
"""

mse = load_inline(name="mse_a", cpp_sources="torch::Tensor mse_cuda(torch::Tensor a, torch::Tensor b);",
                  cuda_sources=cuda_source, functions=["mse_cuda"])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return mse.mse_cuda(a, b)
