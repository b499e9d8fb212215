import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

maxpool3d_source = """
#include <torch/extension.h>
#include <ATen/ATen.h>
#include <cuda.h>
#include <cuda_runtime.h>
#include <limits>

template <typename scalar_t>
__global__ void maxpool3d_kernel(
    const scalar_t* __restrict__ input,
    scalar_t* __restrict__ output,
    const int batch_size, const int channels,
    const int in_d, const int in_h, const int in_w,
    const int out_d, const int out_h, const int out_w,
    const int kernel_size, const int stride, const int padding, const int dilation) {

    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    const int total = batch_size * channels * out_d * out_h * out_w;
    if (idx >= total) return;

    const int ow = idx % out_w;
    const int oh = (idx / out_w) % out_h;
    const int od = (idx / (out_w * out_h)) % out_d;
    const int c = (idx / (out_w * out_h * out_d)) % channels;
    const int b = idx / (out_w * out_h * out_d * channels);

    const int d_start = od * stride - padding;
    const int h_start = oh * stride - padding;
    const int w_start = ow * stride - padding;

    scalar_t max_val = -std::numeric_limits<scalar_t>::infinity();
    const scalar_t* in_ptr = input + ((b * channels + c) * in_d * in_h * in_w);

    for (int kd = 0; kd < kernel_size; ++kd) {
        const int d = d_start + kd * dilation;
        if (d < 0 || d >= in_d) continue;
        for (int kh = 0; kh < kernel_size; ++kh) {
            const int h = h_start + kh * dilation;
            if (h < 0 || h >= in_h) continue;
            for (int kw = 0; kw < kernel_size; ++kw) {
                const int w = w_start + kw * dilation;
                if (w < 0 || w >= in_w) continue;
                const scalar_t val = in_ptr[(d * in_h + h) * in_w + w];
                if (val > max_val) {
                    max_val = val;
                }
            }
        }
    }
    output[idx] = max_val;
}

torch::Tensor maxpool3d_cuda(torch::Tensor input, int kernel_size, int stride, int padding, int dilation) {
    TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor");
    TORCH_CHECK(input.dim() == 5, "input must be 5D (N, C, D, H, W)");
    auto x = input.contiguous();

    const int batch_size = x.size(0);
    const int channels = x.size(1);
    const int in_d = x.size(2);
    const int in_h = x.size(3);
    const int in_w = x.size(4);

    const int out_d = (in_d + 2 * padding - dilation * (kernel_size - 1) - 1) / stride + 1;
    const int out_h = (in_h + 2 * padding - dilation * (kernel_size - 1) - 1) / stride + 1;
    const int out_w = (in_w + 2 * padding - dilation * (kernel_size - 1) - 1) / stride + 1;

    auto output = torch::empty({batch_size, channels, out_d, out_h, out_w}, x.options());

    const int total = batch_size * channels * out_d * out_h * out_w;
    const int threads = 256;
    const int blocks = (total + threads - 1) / threads;

    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "maxpool3d_cuda", ([&] {
        maxpool3d_kernel<scalar_t><<<blocks, threads>>>(
            x.data_ptr<scalar_t>(),
            output.data_ptr<scalar_t>(),
            batch_size, channels,
            in_d, in_h, in_w,
            out_d, out_h, out_w,
            kernel_size, stride, padding, dilation);
    }));

    return output;
}
"""

maxpool3d_cpp_source = "torch::Tensor maxpool3d_cuda(torch::Tensor input, int kernel_size, int stride, int padding, int dilation);"

maxpool3d = load_inline(
    name="maxpool3d",
    cpp_sources=maxpool3d_cpp_source,
    cuda_sources=maxpool3d_source,
    functions=["maxpool3d_cuda"],
    verbose=True,
    extra_cflags=["-O3"],
    extra_cuda_cflags=["-O3"],
)


class ModelNew(nn.Module):
    def __init__(self, kernel_size: int, stride: int = None, padding: int = 0, dilation: int = 1, return_indices: bool = False, ceil_mode: bool = False):
        super(ModelNew, self).__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.maxpool3d = maxpool3d

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.maxpool3d.maxpool3d_cuda(x, self.kernel_size, self.stride, self.padding, self.dilation)
