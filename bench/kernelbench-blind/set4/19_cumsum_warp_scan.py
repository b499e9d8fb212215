import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

WARPS_PER_BLOCK = 4

cuda_source = """
#include <torch/extension.h>

#define WARPS_PER_BLOCK %(warps)d
#define FULL_MASK 0xffffffffu

// One warp scans one row, 32 elements at a time, carrying the running total.
__global__ void row_cumsum_warp(const float* __restrict__ in, float* __restrict__ out,
                                int rows, int cols) {
    const int warp = threadIdx.x / 32;
    const int lane = threadIdx.x %% 32;
    const int row = blockIdx.x * WARPS_PER_BLOCK + warp;
    if (row >= rows) return;
    const float* src = in + (long long)row * cols;
    float* dst = out + (long long)row * cols;

    float carry = 0.0f;
    for (int base = 0; base < cols; base += 32) {
        const int j = base + lane;
        float v = (j < cols) ? src[j] : 0.0f;
        #pragma unroll
        for (int off = 1; off < 32; off <<= 1) {
            float t = __shfl_up_sync(FULL_MASK, v, off);
            if (lane >= off) v += t;
        }
        v += carry;
        if (j < cols) dst[j] = v;
        carry = __shfl_sync(FULL_MASK, v, 31);
    }
}

torch::Tensor cumsum_rows(torch::Tensor x) {
    auto xc = x.contiguous();
    const int rows = xc.size(0);
    const int cols = xc.size(1);
    auto out = torch::empty_like(xc);
    const int threads = WARPS_PER_BLOCK * 32;
    const int blocks = (rows + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK;
    row_cumsum_warp<<<blocks, threads>>>(xc.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
    return out;
}
""" % {"warps": WARPS_PER_BLOCK}

cpp_source = "torch::Tensor cumsum_rows(torch::Tensor x);"

cumsum_ext = load_inline(
    name="cumsum_warp_scan",
    cpp_sources=cpp_source,
    cuda_sources=cuda_source,
    functions=["cumsum_rows"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        assert self.dim == 1 and x.dim() == 2
        return cumsum_ext.cumsum_rows(x)
