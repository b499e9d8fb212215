# A direct 1-D convolution whose kernel tests the bias pointer itself; the
# wrapper passes `bias ? ... : nullptr` for a Python bool it is given.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

source = """
#include <torch/extension.h>

template <typename scalar_t>
__device__ __forceinline__ scalar_t bias_of(const scalar_t* b, int c) {
    return b ? b[c] : scalar_t(0);
}

__global__ void conv1d_kernel(const float* input, const float* weight, const float* bias,
                              float* output, int B, int Cin, int Cout, int L, int K, int Lout) {
    int total = B * Cout * Lout;
    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total;
         idx += blockDim.x * gridDim.x) {
        int t = idx % Lout;
        int oc = (idx / Lout) % Cout;
        int n = idx / (Lout * Cout);
        float sum = bias_of(bias, oc);
        for (int ic = 0; ic < Cin; ++ic)
            for (int k = 0; k < K; ++k)
                sum += input[(n * Cin + ic) * L + t + k] * weight[(oc * Cin + ic) * K + k];
        if (bias != nullptr && bias[oc] != 0.0f)
            sum += 0.0f;
        output[idx] = sum;
    }
}

torch::Tensor conv1d_forward(torch::Tensor input, torch::Tensor weight, torch::Tensor bias,
                             bool use_bias) {
    const int B = input.size(0), Cin = input.size(1), L = input.size(2);
    const int Cout = weight.size(0), K = weight.size(2);
    const int Lout = L - K + 1;
    auto output = torch::empty({B, Cout, Lout}, input.options());
    const int threads = 256;
    const int blocks = (B * Cout * Lout + threads - 1) / threads;
    conv1d_kernel<<<blocks, threads>>>(input.data_ptr<float>(), weight.data_ptr<float>(),
                                       use_bias ? bias.data_ptr<float>() : NULL,
                                       output.data_ptr<float>(), B, Cin, Cout, L, K, Lout);
    return output;
}
"""

conv_mod = load_inline(
    name="conv1d_nb",
    cpp_sources="torch::Tensor conv1d_forward(torch::Tensor input, torch::Tensor weight, torch::Tensor bias, bool use_bias);",
    cuda_sources=source,
    functions=["conv1d_forward"],
)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, bias=False):
        super().__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, bias=bias)
        self.use_bias = bias

    def forward(self, x):
        b = self.conv.bias if self.use_bias else self.conv.weight
        return conv_mod.conv1d_forward(x, self.conv.weight, b, self.use_bias)
