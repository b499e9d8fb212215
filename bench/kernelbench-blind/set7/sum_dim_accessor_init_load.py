import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

SUM_DIM_CUDA = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

// Reduce the middle dimension of a [B, R, C] tensor, keeping it: out is [B, 1, C].
// Thread (b, c) walks down the R dimension, so neighbouring threads read
// neighbouring addresses (coalesced).
template <int BLOCK_SIZE>
__global__ void __launch_bounds__(BLOCK_SIZE)
sum_middle_dim_kernel(const torch::PackedTensorAccessor32<float, 3, torch::RestrictPtrTraits> x,
                      torch::PackedTensorAccessor32<float, 3, torch::RestrictPtrTraits> out) {
    const int c = blockIdx.x * BLOCK_SIZE + threadIdx.x;
    const int b = blockIdx.y;
    const int R = x.size(1);
    const int C = x.size(2);
    if (c >= C) return;

    float acc = 0.0f;
    #pragma unroll 4
    for (int r = 0; r < R; ++r) {
        acc += x[b][r][c];
    }
    out[b][0][c] = acc;
}

torch::Tensor sum_dim_keepdim(torch::Tensor x, int64_t dim) {
    TORCH_CHECK(x.is_cuda(), "x must be CUDA");
    TORCH_CHECK(x.dim() == 3, "x must be 3D");
    if (dim < 0) dim += 3;
    TORCH_CHECK(dim == 1, "only reduction over dim 1 is implemented");

    auto xc = x.contiguous();
    const int B = xc.size(0);
    const int C = xc.size(2);
    auto out = torch::empty({B, 1, C}, xc.options());

    constexpr int kBlock = 128;
    dim3 grid((C + kBlock - 1) / kBlock, B);
    sum_middle_dim_kernel<kBlock><<<grid, kBlock>>>(
        xc.packed_accessor32<float, 3, torch::RestrictPtrTraits>(),
        out.packed_accessor32<float, 3, torch::RestrictPtrTraits>());
    return out;
}
"""

SUM_DIM_CPP = "torch::Tensor sum_dim_keepdim(torch::Tensor x, int64_t dim);"


class ModelNew(nn.Module):
    """
    Sum reduction over one dimension (keepdim=True) with a custom CUDA kernel.
    """

    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim
        self.sum_ext = load_inline(
            name="sum_dim_keepdim_ext",
            cpp_sources=SUM_DIM_CPP,
            cuda_sources=SUM_DIM_CUDA,
            functions=["sum_dim_keepdim"],
            extra_cuda_cflags=["-O3"],
            verbose=False,
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.sum_ext.sum_dim_keepdim(x, self.dim)
