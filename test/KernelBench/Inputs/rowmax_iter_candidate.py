import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

source = r"""
#include <torch/extension.h>
#include <cfloat>

__global__ void row_max(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = -FLT_MAX;
    for (int c = 0; c < cols; ++c)
        m = fmaxf(m, x[(long)r * cols + c]);
    y[r] = m;
}

torch::Tensor row_max_cuda(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    auto xc = x.contiguous();
    const int cols = xc.size(-1);
    const int rows = xc.numel() / cols;
    std::vector<int64_t> out_shape(xc.sizes().begin(), xc.sizes().end() - 1);
    auto y = torch::empty(out_shape, xc.options());
    const int threads = 128;
    row_max<<<(rows + threads - 1) / threads, threads>>>(xc.data_ptr<float>(), y.data_ptr<float>(), rows, cols);
    return y;
}
"""

cpp_source = "torch::Tensor row_max_cuda(torch::Tensor x);"

ext = load_inline(name="row_max_iter", cpp_sources=cpp_source, cuda_sources=source,
                  functions=["row_max_cuda"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.ext = ext

    def forward(self, x):
        return self.ext.row_max_cuda(x)
