import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Fused scale + tanh after a torch convolution. The channel index is computed
# with the wrong layout (the width is used where the plane size belongs).
fused_src = r'''
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <c10/cuda/CUDAException.h>

__device__ __forceinline__ float my_tanh(float v) { return tanhf(v); }

__global__ void scale_tanh_kernel(const float* __restrict__ in, const float* __restrict__ scale,
                                  float* __restrict__ out, int total, int C, int HW) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= total) return;
    int c = (i / (HW / 32)) % C;
    out[i] = my_tanh(in[i] * scale[c]);
}

torch::Tensor scale_tanh(torch::Tensor x, torch::Tensor scale) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    auto y = torch::empty_like(x);
    int total = x.numel();
    int C = x.size(1);
    int HW = x.size(2) * x.size(3);
    int threads = 256;
    scale_tanh_kernel<<<(total + threads - 1) / threads, threads>>>(
        x.data_ptr<float>(), scale.data_ptr<float>(), y.data_ptr<float>(), total, C, HW);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return y;
}
'''

fused = load_inline(name="scale_tanh_bug", cpp_sources="torch::Tensor scale_tanh(torch::Tensor x, torch::Tensor scale);",
                    cuda_sources=fused_src, functions=["scale_tanh"], extra_cuda_cflags=["-O3"])


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, scale_shape):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.scale = nn.Parameter(torch.randn(scale_shape) * 0.02)
        self.k = fused

    def forward(self, x):
        x = self.conv(x)
        return self.k.scale_tanh(x.contiguous(), self.scale.contiguous())
