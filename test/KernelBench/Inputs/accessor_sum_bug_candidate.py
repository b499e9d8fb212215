import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# sum(x, dim=1, keepdim=True) * 0.5 on a [B, R, C] tensor: 64-bit accessors
# with the default pointer traits, a sub-accessor per batch, a __device__
# helper taking it by const reference, compound assignment into the output.
SRC = """
#include <torch/extension.h>

__device__ __forceinline__ float column_sum(
        const torch::TensorAccessor<float, 2, torch::DefaultPtrTraits, int64_t>& plane,
        int64_t c) {
    float s = 0.0f;
    for (int64_t r = 0; r < plane.size(0) - 1; ++r)  // BUG: skips the last row
        s += plane[r][c];
    return s;
}

__global__ void half_sum_dim1(torch::PackedTensorAccessor64<float, 3> x,
                              torch::PackedTensorAccessor64<float, 3> y) {
    const int64_t b = blockIdx.y;
    const int64_t c = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= x.stride(1)) return;   // stride(1) == C for a contiguous tensor
    auto plane = x[b];
    y[b][0][c] = 0.0f;
    y[b][0][c] += 0.5f * column_sum(plane, c);
}

torch::Tensor half_sum(torch::Tensor x, int64_t dim) {
    auto xc = x.contiguous();
    const int64_t B = xc.size(0), C = xc.size(2);
    auto y = torch::empty({B, 1, C}, xc.options());
    torch::PackedTensorAccessor64<float, 3> xa = xc.packed_accessor64<float, 3>();
    const int threads = 64;
    dim3 blocks((C + threads - 1) / threads, B);
    half_sum_dim1<<<blocks, threads>>>(xa, y.packed_accessor64<float, 3>());
    return y;
}
"""

ext = load_inline(name="half_sum_acc", cpp_sources="torch::Tensor half_sum(torch::Tensor x, int64_t dim);",
                  cuda_sources=SRC, functions=["half_sum"])


class ModelNew(nn.Module):
    def __init__(self, dim, scale=None):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return ext.half_sum(x, self.dim)
