"""Log-softmax over the last dimension with one thread block per row.

The row is read three times (max, sum of exponentials, write-out); for the
16 x 16384 problem each row is 64 KiB, which stays resident in L2, so this is
simpler than a single-pass online-softmax and about as fast.
"""
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_CUDA_SRC = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAException.h>
#include <cfloat>

namespace {

constexpr int kThreads = 512;
constexpr int kWarps = kThreads / 32;

__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    }
    return v;
}

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    }
    return v;
}

__global__ void __launch_bounds__(kThreads)
log_softmax_rows_kernel(const float* __restrict__ input,
                        float* __restrict__ output,
                        int cols) {
    __shared__ float scratch[kWarps];

    const float* row_in = input + static_cast<size_t>(blockIdx.x) * cols;
    float* row_out = output + static_cast<size_t>(blockIdx.x) * cols;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;

    // Pass 1: row maximum.
    float local_max = -FLT_MAX;
    for (int c = threadIdx.x; c < cols; c += kThreads) {
        local_max = fmaxf(local_max, row_in[c]);
    }
    local_max = warp_max(local_max);
    if (lane == 0) scratch[warp] = local_max;
    __syncthreads();
    if (warp == 0) {
        float v = (lane < kWarps) ? scratch[lane] : -FLT_MAX;
        v = warp_max(v);
        if (lane == 0) scratch[0] = v;
    }
    __syncthreads();
    const float row_max = scratch[0];
    __syncthreads();  // everyone has read scratch[0] before it is reused

    // Pass 2: sum of exp(x - max).
    float local_sum = 0.0f;
    for (int c = threadIdx.x; c < cols; c += kThreads) {
        local_sum += expf(row_in[c] - row_max);
    }
    local_sum = warp_sum(local_sum);
    if (lane == 0) scratch[warp] = local_sum;
    __syncthreads();
    if (warp == 0) {
        float v = (lane < kWarps) ? scratch[lane] : 0.0f;
        v = warp_sum(v);
        if (lane == 0) scratch[0] = v;
    }
    __syncthreads();
    const float log_norm = row_max + logf(scratch[0]);

    // Pass 3: write x - logsumexp(x).
    for (int c = threadIdx.x; c < cols; c += kThreads) {
        row_out[c] = row_in[c] - log_norm;
    }
}

}  // namespace

torch::Tensor log_softmax_lastdim(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda(), "log_softmax_lastdim: expected a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == at::kFloat, "log_softmax_lastdim: only float32 is supported");
    TORCH_CHECK(x.dim() >= 1, "log_softmax_lastdim: expected at least one dimension");

    auto input = x.contiguous();
    const int64_t cols = input.size(-1);
    const int64_t rows = input.numel() / cols;
    auto output = at::empty_like(input);
    if (rows == 0) return output;

    auto stream = at::cuda::getCurrentCUDAStream();
    log_softmax_rows_kernel<<<static_cast<unsigned int>(rows), kThreads, 0, stream>>>(
        input.data_ptr<float>(), output.data_ptr<float>(), static_cast<int>(cols));
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return output;
}
"""

_CPP_SRC = "torch::Tensor log_softmax_lastdim(torch::Tensor x);"

_ext = None


def _load_ext():
    """Compile on first use so that importing this file stays cheap."""
    global _ext
    if _ext is None:
        _ext = load_inline(
            name="log_softmax_rows_ext",
            cpp_sources=_CPP_SRC,
            cuda_sources=_CUDA_SRC,
            functions=["log_softmax_lastdim"],
            extra_cuda_cflags=["-O3"],
            verbose=False,
        )
    return _ext


class ModelNew(nn.Module):
    """Drop-in replacement for Model: log_softmax along `dim`."""

    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        ext = _load_ext()
        dim = self.dim % x.dim()
        if dim == x.dim() - 1:
            return ext.log_softmax_lastdim(x)
        # Move the reduced dimension last, run the row kernel, move it back.
        y = ext.log_softmax_lastdim(x.transpose(dim, -1))
        return y.transpose(dim, -1)
