import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

###############################################################################
# Fused Conv2d (stride 1, no padding) + ReLU + per-channel bias add.
#
# The filter bank is tiny (16 x 3 x 3 x 3 = 432 floats) and every thread of a
# warp reads the same filter taps, so the weights and both bias vectors live in
# __constant__ memory (broadcast reads). They are refreshed from the parameters
# with a device-to-device cudaMemcpyToSymbolAsync on every call.
###############################################################################

conv_relu_bias_src = """
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_runtime.h>

#define MAX_WEIGHTS 8192
#define MAX_CHANNELS 1024

__constant__ float c_weight[MAX_WEIGHTS];
__constant__ float c_conv_bias[MAX_CHANNELS];
__constant__ float c_add_bias[MAX_CHANNELS];

__global__ void conv_relu_biasadd_kernel(const float* __restrict__ input,
                                         float* __restrict__ output,
                                         int N, int C_in, int H, int W,
                                         int C_out, int K, int H_out, int W_out)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    int total = N * C_out * H_out * W_out;
    if (index >= total) return;

    int ow = index % W_out;
    int oh = (index / W_out) % H_out;
    int oc = (index / (W_out * H_out)) % C_out;
    int n  = index / (W_out * H_out * C_out);

    float value = c_conv_bias[oc];
    for (int ic = 0; ic < C_in; ic++) {
        const float* in_plane = input + ((n * C_in + ic) * H) * W;
        const float* w = c_weight + (oc * C_in + ic) * K * K;
        for (int kh = 0; kh < K; kh++) {
            for (int kw = 0; kw < K; kw++) {
                value += in_plane[(oh + kh) * W + (ow + kw)] * w[kh * K + kw];
            }
        }
    }

    value = fmaxf(value, 0.0f);          // ReLU
    output[index] = value + c_add_bias[oc];
}

torch::Tensor conv_relu_biasadd(torch::Tensor input, torch::Tensor weight,
                                torch::Tensor conv_bias, torch::Tensor add_bias)
{
    int N = input.size(0);
    int C_in = input.size(1);
    int H = input.size(2);
    int W = input.size(3);
    int C_out = weight.size(0);
    int K = weight.size(2);
    int H_out = H - K + 1;
    int W_out = W - K + 1;

    TORCH_CHECK(weight.numel() <= MAX_WEIGHTS, "weight too large for constant memory");
    TORCH_CHECK(C_out <= MAX_CHANNELS, "too many output channels");

    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    cudaMemcpyToSymbolAsync(c_weight, weight.data_ptr<float>(), weight.numel() * sizeof(float),
                            0, cudaMemcpyDeviceToDevice, stream);
    cudaMemcpyToSymbolAsync(c_conv_bias, conv_bias.data_ptr<float>(), C_out * sizeof(float),
                            0, cudaMemcpyDeviceToDevice, stream);
    cudaMemcpyToSymbolAsync(c_add_bias, add_bias.data_ptr<float>(), C_out * sizeof(float),
                            0, cudaMemcpyDeviceToDevice, stream);

    auto output = torch::empty({N, C_out, H_out, W_out}, input.options());

    int total = N * C_out * H_out * W_out;
    int block = 256;
    int grid = (total + block - 1) / block;
    conv_relu_biasadd_kernel<<<grid, block, 0, stream>>>(input.data_ptr<float>(),
                                                         output.data_ptr<float>(),
                                                         N, C_in, H, W, C_out, K, H_out, W_out);
    return output;
}
"""

conv_relu_bias_decl = """
torch::Tensor conv_relu_biasadd(torch::Tensor input, torch::Tensor weight,
                                torch::Tensor conv_bias, torch::Tensor add_bias);
"""

fused_conv = load_inline(
    name="conv_relu_biasadd_const",
    cpp_sources=conv_relu_bias_decl,
    cuda_sources=conv_relu_bias_src,
    functions=["conv_relu_biasadd"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, bias_shape):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.bias = nn.Parameter(torch.randn(bias_shape))

    def forward(self, x):
        return fused_conv.conv_relu_biasadd(
            x.contiguous(),
            self.conv.weight.contiguous(),
            self.conv.bias.contiguous(),
            self.bias.reshape(-1).contiguous(),
        )
