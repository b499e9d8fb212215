"""HardSwish implemented with a grid-stride CUDA kernel.

    hardswish(x) = x * relu6(x + 3) / 6

The extension is compiled lazily on first use and cached, so importing this
module stays cheap.
"""

import functools

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_CPP_SOURCE = r"""
#include <torch/extension.h>

torch::Tensor hardswish_forward(const torch::Tensor& input);
"""

_CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <c10/cuda/CUDAException.h>

#include <algorithm>

#define CHECK_CUDA(x) TORCH_CHECK((x).is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK((x).is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) \
    CHECK_CUDA(x);     \
    CHECK_CONTIGUOUS(x)

namespace {

constexpr int kThreadsPerBlock = 256;
constexpr int64_t kMaxBlocks = 65535;

__device__ __forceinline__ float hardswish_op(float v) {
    const float r6 = fminf(fmaxf(v + 3.0f, 0.0f), 6.0f);
    return v * r6 * (1.0f / 6.0f);
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
hardswish_kernel(const float* __restrict__ in, float* __restrict__ out, int64_t n) {
    const int64_t stride = static_cast<int64_t>(gridDim.x) * BLOCK;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * BLOCK + threadIdx.x; i < n; i += stride) {
        out[i] = hardswish_op(in[i]);
    }
}

}  // namespace

torch::Tensor hardswish_forward(const torch::Tensor& input) {
    CHECK_INPUT(input);
    TORCH_CHECK(input.scalar_type() == at::kFloat,
                "hardswish_forward: expected float32 input, got ", input.scalar_type());

    const c10::cuda::CUDAGuard device_guard(input.device());
    auto output = torch::empty_like(input);
    const int64_t n = input.numel();
    if (n == 0) {
        return output;
    }

    const int64_t needed = (n + kThreadsPerBlock - 1) / kThreadsPerBlock;
    const int blocks = static_cast<int>(std::min(needed, kMaxBlocks));
    cudaStream_t stream = c10::cuda::getCurrentCUDAStream();

    hardswish_kernel<kThreadsPerBlock><<<blocks, kThreadsPerBlock, 0, stream>>>(
        input.data_ptr<float>(), output.data_ptr<float>(), n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return output;
}
"""


@functools.lru_cache(maxsize=None)
def _load_extension():
    """Build (or fetch from the torch extension cache) the HardSwish extension."""
    return load_inline(
        name="hardswish_ext_v1",
        cpp_sources=[_CPP_SOURCE],
        cuda_sources=[_CUDA_SOURCE],
        functions=["hardswish_forward"],
        extra_cuda_cflags=["-O3"],
        verbose=False,
    )


class ModelNew(nn.Module):
    """Drop-in replacement for ``Model`` that runs HardSwish in a custom kernel."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Apply HardSwish elementwise.

        Args:
            x: float32 CUDA tensor of any shape.

        Returns:
            Tensor with the same shape as ``x``.
        """
        if not x.is_contiguous():
            x = x.contiguous()
        return _load_extension().hardswish_forward(x)
