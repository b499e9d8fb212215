# In-place division of a {1} accumulator, squeezed to 0-d.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_src = r'''
#include <torch/extension.h>
#include <cuda_runtime.h>

template <int BLOCK>
__global__ void mse_partial(const float* __restrict__ x, const float* __restrict__ y,
                            float* __restrict__ acc, long n) {
    __shared__ float buf[BLOCK];
    long i = (long)blockIdx.x * BLOCK + threadIdx.x;
    float v = 0.f;
    if (i < n) { float d = x[i] - y[i]; v = d * d; }
    buf[threadIdx.x] = v;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(acc, buf[0]);
}

at::Tensor forward(at::Tensor x, at::Tensor y) {
    TORCH_CHECK(x.is_cuda(), "x must be CUDA");
    const long n = x.numel();
    at::Tensor acc = at::zeros({1}, x.options());
    const int blocks = (int)((n + 127) / 128);
    mse_partial<128><<<blocks, 128>>>(x.data_ptr<float>(), y.data_ptr<float>(), acc.data_ptr<float>(), n);
    acc.div_(static_cast<float>(n));
    return acc.squeeze();
}
'''

_ext = None


def _get():
    global _ext
    if _ext is None:
        _ext = load_inline("mse_b", "at::Tensor forward(at::Tensor x, at::Tensor y);",
                           cuda_sources=_src, functions=["forward"])
    return _ext


class ModelNew(nn.Module):
    def forward(self, a, b):
        return _get().forward(a.contiguous(), b.contiguous())
