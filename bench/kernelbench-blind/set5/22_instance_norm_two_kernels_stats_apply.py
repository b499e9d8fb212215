"""InstanceNorm2d (affine=False, no running stats) as two CUDA kernels.

Pass 1 computes mean and 1/std for every (n, c) plane, one block per plane.
Pass 2 normalises every element using those statistics.
"""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_instance_norm_cuda = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

namespace {

constexpr int kStatThreads = 256;
constexpr int kApplyThreads = 256;

inline int ceil_div(int64_t a, int64_t b) { return static_cast<int>((a + b - 1) / b); }

__global__ void plane_stats_kernel(const float* __restrict__ x,
                                   float* __restrict__ mean,
                                   float* __restrict__ rstd,
                                   int hw, float eps) {
    __shared__ float s_sum[kStatThreads];
    __shared__ float s_sq[kStatThreads];
    const float* p = x + static_cast<int64_t>(blockIdx.x) * hw;

    float sum = 0.f, sq = 0.f;
    for (int i = threadIdx.x; i < hw; i += kStatThreads) {
        const float v = p[i];
        sum += v;
        sq = fmaf(v, v, sq);
    }
    s_sum[threadIdx.x] = sum;
    s_sq[threadIdx.x] = sq;
    __syncthreads();
#pragma unroll
    for (int s = kStatThreads / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            s_sum[threadIdx.x] += s_sum[threadIdx.x + s];
            s_sq[threadIdx.x] += s_sq[threadIdx.x + s];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        const float m = s_sum[0] / hw;
        const float var = fmaxf(s_sq[0] / hw - m * m, 0.f);
        mean[blockIdx.x] = m;
        rstd[blockIdx.x] = rsqrtf(var + eps);
    }
}

__global__ void apply_norm_kernel(const float* __restrict__ x,
                                  const float* __restrict__ mean,
                                  const float* __restrict__ rstd,
                                  float* __restrict__ y,
                                  int64_t total, int hw) {
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < total) {
        const int64_t plane = i / hw;
        y[i] = (x[i] - mean[plane]) * rstd[plane];
    }
}

}  // namespace

torch::Tensor instance_norm_forward(torch::Tensor input, double eps) {
    TORCH_CHECK(input.is_cuda(), "input must be CUDA");
    TORCH_CHECK(input.dim() == 4, "expected NCHW input");
    auto x = input.contiguous();
    const int64_t planes = x.size(0) * x.size(1);
    const int hw = static_cast<int>(x.size(2) * x.size(3));
    const int64_t total = x.numel();

    auto stats_opts = x.options();
    auto mean = at::empty({planes}, stats_opts);
    auto rstd = at::empty({planes}, stats_opts);
    auto y = at::empty_like(x);
    auto stream = at::cuda::getCurrentCUDAStream();

    plane_stats_kernel<<<static_cast<int>(planes), kStatThreads, 0, stream>>>(
        x.data_ptr<float>(), mean.data_ptr<float>(), rstd.data_ptr<float>(), hw,
        static_cast<float>(eps));
    apply_norm_kernel<<<ceil_div(total, kApplyThreads), kApplyThreads, 0, stream>>>(
        x.data_ptr<float>(), mean.data_ptr<float>(), rstd.data_ptr<float>(),
        y.data_ptr<float>(), total, hw);
    return y;
}
"""

_instance_norm_cpp = "torch::Tensor instance_norm_forward(torch::Tensor input, double eps);"


class ModelNew(nn.Module):
    """InstanceNorm2d replacement running the two kernels above."""

    def __init__(self, num_features: int):
        super().__init__()
        self.num_features = num_features
        self.eps = 1e-5
        self.kernels = load_inline(
            name="instance_norm_two_pass",
            cpp_sources=_instance_norm_cpp,
            cuda_sources=_instance_norm_cuda,
            functions=["instance_norm_forward"],
            extra_cuda_cflags=["-O3"],
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.kernels.instance_norm_forward(x, self.eps)
