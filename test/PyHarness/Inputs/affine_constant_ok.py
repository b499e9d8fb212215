import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# The weights and the bias live in __constant__ memory, filled by cudaMemcpyToSymbol:
# the bias from the device tensor (device to device, at an offset of 16 floats into
# c_params), the weights from a host copy, the factor as a __constant__ scalar.
affine_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

#define MAX_CHANNELS 64
__constant__ float c_params[2 * MAX_CHANNELS]; // weights, then the bias at +16
__constant__ float c_factor;

__global__ void affine_kernel(const float* x, float* y, int channels, int length, int total) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < total) {
        int c = (i / length) % channels;
        y[i] = (x[i] * c_params[c] + c_params[16 + c]) * c_factor;
    }
}

torch::Tensor affine_cuda(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, double factor) {
    auto y = torch::empty_like(x);
    int channels = x.size(1), length = x.size(2), total = x.numel();
    TORCH_CHECK(channels <= 16, "at most 16 channels");
    auto w = weight.cpu().contiguous();
    cudaMemcpyToSymbol(c_params, w.data_ptr<float>(), channels * sizeof(float));
    cudaMemcpyToSymbol(c_params, bias.data_ptr<float>(), channels * sizeof(float),
                       16 * sizeof(float), cudaMemcpyDeviceToDevice);
    float f = (float)factor;
    cudaMemcpyToSymbolAsync(c_factor, &f, sizeof(float), 0, cudaMemcpyHostToDevice, 0);
    const int block = 256;
    affine_kernel<<<(total + block - 1) / block, block>>>(x.data_ptr<float>(), y.data_ptr<float>(),
                                                          channels, length, total);
    return y;
}
"""

affine_cpp_source = "torch::Tensor affine_cuda(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, double factor);"

affine = load_inline(
    name="affine_constant",
    cpp_sources=affine_cpp_source,
    cuda_sources=affine_source,
    functions=["affine_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, channels, factor):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(channels))
        self.bias = nn.Parameter(torch.randn(channels))
        self.factor = factor

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return affine.affine_cuda(x.cuda(), self.weight, self.bias, self.factor)
