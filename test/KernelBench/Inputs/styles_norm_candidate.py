import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

src = """
#include <torch/extension.h>

__global__ void dwconv_ln_kernel(const float* x, const float* w, const float* g, const float* b,
                                 float* y, int C, int L, int K, int Lout, float eps) {
    int row = blockIdx.x;  // (batch, channel)
    int c = row % C;
    if (threadIdx.x != 0) return;
    float mean = 0.f, sq = 0.f;
    for (int i = 0; i < Lout; ++i) {
        float acc = 0.f;
        for (int k = 0; k < K; ++k) acc += x[row * L + i + k] * w[c * K + k];
        y[row * Lout + i] = acc;
        mean += acc;
        sq += acc * acc;
    }
    mean /= Lout;
    float inv = rsqrtf(sq / Lout - mean * mean + eps);
    for (int i = 0; i < Lout; ++i) y[row * Lout + i] = (y[row * Lout + i] - mean) * inv * g[i] + b[i];
}

torch::Tensor dwconv_ln(torch::Tensor x, torch::Tensor w, torch::Tensor g, torch::Tensor b, double eps) {
    const int C = x.size(1), L = x.size(2), K = w.size(-1);
    const int Lout = L - K + 1;
    auto y = torch::empty({x.size(0), C, Lout}, x.options());
    dwconv_ln_kernel<<<x.size(0) * C, 32>>>(x.data_ptr<float>(), w.data_ptr<float>(), g.data_ptr<float>(),
                                            b.data_ptr<float>(), y.data_ptr<float>(), C, L, K, Lout, eps);
    return y;
}
"""

ext = load_inline(name="dwconv_ln", cpp_sources="torch::Tensor dwconv_ln(torch::Tensor x, torch::Tensor w, torch::Tensor g, torch::Tensor b, double eps);",
                  cuda_sources=src, functions=["dwconv_ln"])


class ModelNew(nn.Module):
    def __init__(self, channels, kernel_size, normalized_shape):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size, groups=channels, bias=False)
        self.ln = nn.LayerNorm(normalized_shape, eps=1e-6)

    def forward(self, x):
        return ext.dwconv_ln(x, self.conv.weight, self.ln.weight, self.ln.bias, self.ln.eps)
