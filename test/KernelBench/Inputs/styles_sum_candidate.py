import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

THREADS = 128

kernel = f"""
#include <torch/extension.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))
constexpr int UNROLL = 1;

__global__ void sum_dim_kernel(const float* in, float* out, int outer, int reduce, int inner, float scale) {{
    int idx = blockIdx.x * {THREADS} + threadIdx.x;
    if (idx >= outer * inner) return;
    float acc = 0.0f;
    for (int r = 0; r < reduce; ++r)
        acc += in[(idx / inner * reduce + r) * inner + idx % inner];
    out[idx] = acc * scale;
}}
"""

wrapper = """
torch::Tensor sum_dim(torch::Tensor x, int64_t dim, double scale) {{
    auto sizes = x.sizes().vec();
    int outer = 1, inner = 1;
    for (int d = 0; d < dim; ++d) outer *= sizes[d];
    for (int d = dim + 1; d < x.dim(); d++) inner *= sizes[d];
    int reduce = sizes[dim];
    sizes[dim] = 1;
    auto out = torch::empty(sizes, x.options());
    dim3 block({threads} * UNROLL);
    sum_dim_kernel<<<CEIL_DIV(outer * inner, block.x), block>>>(
        x.data_ptr<float>(), out.data_ptr<float>(), outer, reduce, inner, (float)scale);
    return out;
}}
"""


class ModelNew(nn.Module):
    def __init__(self, dim, scale=None):
        super().__init__()
        self.dim = dim
        self.scale = scale if scale is not None else 0.5
        src = kernel + wrapper.format(threads=THREADS)
        self.ext = load_inline(name="sum_dim", cpp_sources="torch::Tensor sum_dim(torch::Tensor x, int64_t dim, double scale);",
                               cuda_sources=src, functions=["sum_dim"])

    def forward(self, x):
        return self.ext.sum_dim(x, self.dim, self.scale)
