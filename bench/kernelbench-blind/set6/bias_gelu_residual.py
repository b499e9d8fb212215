import functools

import torch
import torch.nn as nn
import torch.utils.cpp_extension

# out = gelu_tanh(x + bias) + residual, vectorised with float4 loads/stores.
# The hidden size (4096) is a multiple of 4 and rows are contiguous, so every
# float4 lies inside one row and its bias slice is bias[(i*4) % hidden ...].

_SOURCE = """
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__device__ __forceinline__ float gelu_tanh(float v) {
    const float k0 = 0.7978845608028654f;   // sqrt(2/pi)
    const float k1 = 0.044715f;
    return 0.5f * v * (1.0f + tanhf(k0 * (v + k1 * v * v * v)));
}

__global__ void bias_gelu_residual_vec4_kernel(const float4* __restrict__ x,
                                               const float4* __restrict__ bias,
                                               const float4* __restrict__ residual,
                                               float4* __restrict__ out,
                                               int n_vec, int hidden_vec) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n_vec; i += gridDim.x * blockDim.x) {
        const float4 a = x[i];
        const float4 b = bias[i % hidden_vec];
        const float4 r = residual[i];
        float4 o;
        o.x = gelu_tanh(a.x + b.x) + r.x;
        o.y = gelu_tanh(a.y + b.y) + r.y;
        o.z = gelu_tanh(a.z + b.z) + r.z;
        o.w = gelu_tanh(a.w + b.w) + r.w;
        out[i] = o;
    }
}

torch::Tensor bias_gelu_residual(torch::Tensor x, torch::Tensor bias, torch::Tensor residual) {
    TORCH_CHECK(x.is_cuda() && bias.is_cuda() && residual.is_cuda(), "CUDA tensors expected");
    TORCH_CHECK(x.is_contiguous() && bias.is_contiguous() && residual.is_contiguous(),
                "contiguous tensors expected");
    const int hidden = bias.numel();
    TORCH_CHECK(hidden % 4 == 0, "hidden size must be a multiple of 4");
    TORCH_CHECK(x.size(-1) == hidden, "bias does not match the last dimension");

    auto out = torch::empty_like(x);
    const int n_vec = x.numel() / 4;
    const int threads = 256;
    int blocks = (n_vec + threads - 1) / threads;
    blocks = blocks > 65535 ? 65535 : blocks;

    bias_gelu_residual_vec4_kernel<<<blocks, threads, 0, at::cuda::getCurrentCUDAStream()>>>(
        reinterpret_cast<const float4*>(x.data_ptr<float>()),
        reinterpret_cast<const float4*>(bias.data_ptr<float>()),
        reinterpret_cast<const float4*>(residual.data_ptr<float>()),
        reinterpret_cast<float4*>(out.data_ptr<float>()),
        n_vec, hidden / 4);
    return out;
}
"""

_DECL = "torch::Tensor bias_gelu_residual(torch::Tensor x, torch::Tensor bias, torch::Tensor residual);"


@functools.lru_cache(maxsize=None)
def _kernels():
    return torch.utils.cpp_extension.load_inline(
        name="bias_gelu_residual_vec4",
        cpp_sources=_DECL,
        cuda_sources=_SOURCE,
        functions=["bias_gelu_residual"],
        extra_cuda_cflags=["-O3"],
    )


class ModelNew(nn.Module):
    def __init__(self, bias_shape):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(bias_shape))

    def forward(self, x, residual):
        return _kernels().bias_gelu_residual(
            x.contiguous(), self.bias.contiguous(), residual.contiguous()
        )
