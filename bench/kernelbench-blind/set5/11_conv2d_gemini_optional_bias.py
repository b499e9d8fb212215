import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

conv2d_cuda_code = r'''
#include <torch/extension.h>
#include <c10/util/Optional.h>

// Direct convolution: one thread computes one output element (n, oc, oh, ow).
__global__ void conv2d_direct_kernel(
    const float* __restrict__ input,   // [N, C_in, H, W]
    const float* __restrict__ weight,  // [C_out, C_in, KH, KW]
    const float* __restrict__ bias,    // [C_out] or nullptr
    float* __restrict__ output,        // [N, C_out, H_out, W_out]
    int N, int C_in, int H, int W,
    int C_out, int KH, int KW,
    int H_out, int W_out,
    int stride, int padding)
{
    const long total = (long)N * C_out * H_out * W_out;
    for (long index = blockIdx.x * (long)blockDim.x + threadIdx.x; index < total;
         index += (long)blockDim.x * gridDim.x) {
        const int ow = index % W_out;
        const int oh = (index / W_out) % H_out;
        const int oc = (index / ((long)W_out * H_out)) % C_out;
        const int n  = index / ((long)W_out * H_out * C_out);

        float value = (bias != nullptr) ? bias[oc] : 0.0f;
        for (int ic = 0; ic < C_in; ++ic) {
            const float* in_plane = input + ((long)n * C_in + ic) * H * W;
            const float* w_plane = weight + ((long)oc * C_in + ic) * KH * KW;
            for (int kh = 0; kh < KH; ++kh) {
                const int ih = oh * stride - padding + kh;
                if (ih < 0 || ih >= H) continue;
                for (int kw = 0; kw < KW; ++kw) {
                    const int iw = ow * stride - padding + kw;
                    if (iw < 0 || iw >= W) continue;
                    value += in_plane[ih * W + iw] * w_plane[kh * KW + kw];
                }
            }
        }
        output[index] = value;
    }
}

torch::Tensor conv2d_forward(torch::Tensor input,
                             torch::Tensor weight,
                             c10::optional<torch::Tensor> bias,
                             int64_t stride,
                             int64_t padding)
{
    TORCH_CHECK(input.device().is_cuda(), "input must be on CUDA");
    TORCH_CHECK(input.dim() == 4 && weight.dim() == 4, "expected 4D input and weight");
    input = input.contiguous();
    weight = weight.contiguous();

    const int N = input.size(0);
    const int C_in = input.size(1);
    const int H = input.size(2);
    const int W = input.size(3);
    const int C_out = weight.size(0);
    const int KH = weight.size(2);
    const int KW = weight.size(3);

    const int H_out = (H + 2 * padding - KH) / stride + 1;
    const int W_out = (W + 2 * padding - KW) / stride + 1;

    auto output = torch::empty({N, C_out, H_out, W_out}, input.options());

    const float* bias_ptr = nullptr;
    torch::Tensor bias_c;
    if (bias.has_value() && bias->defined()) {
        bias_c = bias->contiguous();
        bias_ptr = bias_c.data_ptr<float>();
    }

    const long total = (long)N * C_out * H_out * W_out;
    const int threads = 256;
    const int blocks = (int)std::min<long>((total + threads - 1) / threads, 4096L);

    conv2d_direct_kernel<<<blocks, threads>>>(
        input.data_ptr<float>(), weight.data_ptr<float>(), bias_ptr, output.data_ptr<float>(),
        N, C_in, H, W, C_out, KH, KW, H_out, W_out, (int)stride, (int)padding);

    return output;
}
'''

conv2d_cpp_code = (
    "torch::Tensor conv2d_forward(torch::Tensor input, torch::Tensor weight, "
    "c10::optional<torch::Tensor> bias, int64_t stride, int64_t padding);"
)

conv2d_ext = load_inline(
    name="conv2d_direct_ext",
    cpp_sources=conv2d_cpp_code,
    cuda_sources=conv2d_cuda_code,
    functions=["conv2d_forward"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    Standard 2D convolution (square kernel) computed by a direct CUDA kernel.
    The nn.Conv2d module is kept only as a parameter container so that the
    weights are initialised exactly like the reference model.
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int,
                 stride: int = 1, padding: int = 0, bias: bool = False):
        super(ModelNew, self).__init__()
        self.conv2d = nn.Conv2d(in_channels, out_channels, (kernel_size, kernel_size),
                                stride=stride, padding=padding, bias=bias)
        self.stride = stride
        self.padding = padding

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # Step 1: run the custom kernel with the module's parameters
        # Step 2: bias is None unless the module was created with bias=True
        return conv2d_ext.conv2d_forward(x, self.conv2d.weight, self.conv2d.bias,
                                         self.stride, self.padding)
