# A cached getter builds the extension from sources local to it, the tile size
# filled in with str.replace; the wrapper uses namespace constants, a host
# helper, size-list edits, an integer ?: and torch::full.
import functools
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

TILE = 64


@functools.lru_cache(maxsize=None)
def _ext():
    template = r"""
#include <torch/extension.h>
namespace detail {
constexpr int kThreads = @TILE@;
}
inline int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

__global__ void scale_kernel(const float* x, const float* w, float* y, int n, int cols,
                             float alpha) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += x[i] * w[i % cols] * alpha;
}

torch::Tensor scale_fwd(torch::Tensor x, torch::Tensor w, double alpha) {
    auto shape = x.sizes().vec();
    const int64_t last = x.size(-1);
    shape.pop_back();
    shape.erase(shape.begin());
    shape.insert(shape.begin(), x.size(0));
    shape.push_back(last);
    auto y = torch::full(shape, 0.25, x.options());
    const int n = x.numel();
    const int cols = x.size(1);
    const int tail = n % detail::kThreads != 0 ? 1 : 0;
    const int blocks = n / detail::kThreads + tail;
    const int unused = cdiv(n, detail::kThreads);
    scale_kernel<<<blocks, detail::kThreads>>>(x.data_ptr<float>(), w.data_ptr<float>(),
                                               y.data_ptr<float>(), n, cols, (float)alpha);
    return y;
}
"""
    src = template.replace("@TILE@", str(TILE)).replace("unused", "spare")
    return load_inline(name="scale_a", cpp_sources="torch::Tensor scale_fwd(torch::Tensor x, torch::Tensor w, double alpha);",
                       cuda_sources=src, functions=["scale_fwd"])


class ModelNew(nn.Module):
    def __init__(self, shape):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(shape))
        self.register_parameter("bias", None)

    def forward(self, x):
        if not x.is_contiguous():
            x = x.contiguous()
        y = _ext().scale_fwd(x, self.weight, 2.0)
        if self.bias is not None:
            y = y + self.bias
        return y
