# LayerNorm over the last dimension, one block per row.
#
# Reductions are done with warp shuffles first and a tiny shared array for the
# per-warp partials.  Two passes over the row (mean, then centred second moment)
# so we don't lose precision with E[x^2] - E[x]^2.

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

#define FULL_MASK 0xffffffffu

__inline__ __device__ float warp_sum(float v) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_xor_sync(FULL_MASK, v, off);
    return v;
}

// All threads of the block get the result back.
__inline__ __device__ float block_sum(float v, float* shm) {
    const int lane = threadIdx.x & 31;
    const int wid  = threadIdx.x >> 5;
    const int nwarps = (blockDim.x + 31) >> 5;

    v = warp_sum(v);
    if (lane == 0) shm[wid] = v;
    __syncthreads();
    v = (threadIdx.x < nwarps) ? shm[lane] : 0.f;
    if (wid == 0) v = warp_sum(v);
    if (threadIdx.x == 0) shm[0] = v;
    __syncthreads();
    v = shm[0];
    __syncthreads();
    return v;
}

__global__ void ln_fwd_kernel(const float* __restrict__ x,
                              const float* __restrict__ gamma,
                              const float* __restrict__ beta,
                              float* __restrict__ y,
                              int N, float eps) {
    __shared__ float shm[32];
    const float* xr = x + (long)blockIdx.x * N;
    float*       yr = y + (long)blockIdx.x * N;

    float s = 0.f;
    for (int i = threadIdx.x; i < N; i += blockDim.x) s += xr[i];
    const float mean = block_sum(s, shm) / N;

    float ss = 0.f;
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        float d = xr[i] - mean;
        ss = fmaf(d, d, ss);
    }
    const float rstd = rsqrtf(block_sum(ss, shm) / N + eps);

    for (int i = threadIdx.x; i < N; i += blockDim.x)
        yr[i] = (xr[i] - mean) * rstd * gamma[i] + beta[i];
}

torch::Tensor ln_fwd(torch::Tensor x, torch::Tensor gamma, torch::Tensor beta, double eps) {
    AT_ASSERTM(x.is_cuda(), "x must live on the GPU");
    AT_ASSERTM(x.is_contiguous(), "x must be contiguous");
    const int N = gamma.numel();
    AT_ASSERTM(x.size(-1) == N, "last dim of x must match normalized_shape");
    const int M = x.numel() / N;

    auto y = torch::empty_like(x);
    const int threads = N >= 1024 ? 1024 : ((N + 31) / 32) * 32;
    auto stream = at::cuda::getCurrentCUDAStream();
    ln_fwd_kernel<<<M, threads, 0, stream>>>(x.data_ptr<float>(),
                                             gamma.data_ptr<float>(),
                                             beta.data_ptr<float>(),
                                             y.data_ptr<float>(),
                                             N, static_cast<float>(eps));
    return y;
}
"""

CPP_SRC = r"""
#include <torch/extension.h>

torch::Tensor ln_fwd(torch::Tensor x, torch::Tensor gamma, torch::Tensor beta, double eps);

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("ln_fwd", &ln_fwd, "LayerNorm forward (CUDA)",
          py::arg("x"), py::arg("gamma"), py::arg("beta"), py::arg("eps") = 1e-5);
}
"""


def _build():
    return load_inline(
        name="ln_fwd_rowblock",
        cpp_sources=CPP_SRC,
        cuda_sources=CUDA_SRC,
        extra_cuda_cflags=["-O3", "-lineinfo"],
    )


_C = _build()


class ModelNew(nn.Module):
    def __init__(self, normalized_shape: tuple):
        super().__init__()
        self.normalized_shape = tuple(normalized_shape)
        self.weight = nn.Parameter(torch.ones(self.normalized_shape))
        self.bias = nn.Parameter(torch.zeros(self.normalized_shape))
        self.eps = 1e-5

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        return _C.ln_fwd(x, self.weight, self.bias, eps=self.eps)
