# A global cache filled by a getter; PYBIND11_MODULE in cpp_sources names the
# arguments (py::arg) and gives a default, forward passes a keyword.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

KERNEL = r"""
#include <torch/extension.h>
__global__ void scale_kernel(const float* x, const float* w, float* y, int n, int cols,
                             float alpha) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * w[i % cols] * alpha;
}

torch::Tensor scale_fwd(torch::Tensor x, torch::Tensor w, double alpha, int64_t threads) {
    auto y = torch::empty_like(x);
    const int n = x.numel();
    scale_kernel<<<(n + threads - 1) / threads, threads>>>(
        x.data_ptr<float>(), w.data_ptr<float>(), y.data_ptr<float>(), n, x.size(1),
        (float)alpha);
    return y;
}
"""

BINDINGS = r"""
#include <torch/extension.h>
torch::Tensor scale_fwd(torch::Tensor x, torch::Tensor w, double alpha, int64_t threads);
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("scale", &scale_fwd, "scale", py::arg("x"), py::arg("w"),
          py::arg("alpha") = 1.0, py::arg("threads") = 128);
}
"""

_EXT = None


def _get():
    global _EXT
    if _EXT is None:
        _EXT = load_inline(name="scale_b", cpp_sources=BINDINGS, cuda_sources=KERNEL)
    return _EXT


class ModelNew(nn.Module):
    def __init__(self, shape):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(shape))

    def forward(self, x):
        return _get().scale(x, self.weight, alpha=2.0)
