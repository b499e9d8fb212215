import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

src = """
#include <torch/extension.h>

// One thread per channel: two passes over the batch (mean, then biased variance).
__global__ void bn_train(const float* x, const float* w, const float* b, float* y,
                         int n, int c, float eps) {
    int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= c) return;
    float mean = 0.0f;
    for (int i = 0; i < n; ++i) mean += x[i * c + ch];
    mean /= n;
    float var = 0.0f;
    for (int i = 0; i < n; ++i) { float d = x[i * c + ch] - mean; var += d * d; }
    var /= n;
    float inv = rsqrtf(var + eps);
    for (int i = 0; i < n; ++i) y[i * c + ch] = (x[i * c + ch] - mean) * inv * w[ch] + b[ch];
}

torch::Tensor bn_forward(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps) {
    auto y = torch::empty_like(x);
    int n = x.size(0), c = x.size(1);
    bn_train<<<(c + 127) / 128, 128>>>(x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(),
                                     y.data_ptr<float>(), n, c, (float)eps);
    return y;
}
"""

mod = load_inline(name="bn1d", cpp_sources="torch::Tensor bn_forward(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps);",
                  cuda_sources=src, functions=["bn_forward"])


class ModelNew(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.bn = nn.BatchNorm1d(channels, eps=1e-3)

    def forward(self, x):
        return mod.bn_forward(x, self.bn.weight, self.bn.bias, self.bn.eps)
