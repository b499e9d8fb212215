# A dispatcher operator registered with TORCH_LIBRARY, built with
# is_python_module=False and called through torch.ops (kfix lit test input).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

source = r"""
#include <torch/extension.h>
#include <torch/library.h>

__global__ void scaled_relu_kernel(const float* x, float* y, float alpha, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] > 0.f ? alpha * x[i] : 0.f;
}

at::Tensor scaled_relu_cuda(const at::Tensor& x, double alpha) {
    auto y = at::empty_like(x);
    int n = x.numel();
    scaled_relu_kernel<<<(n + 511) / 512, 512>>>(x.data_ptr<float>(), y.data_ptr<float>(),
                                                  (float)alpha, n);
    return y;
}

TORCH_LIBRARY(myops, m) {
    m.def("scaled_relu(Tensor x, *, float alpha=1.0) -> Tensor");
}

TORCH_LIBRARY_IMPL(myops, CUDA, m) {
    m.impl("scaled_relu", TORCH_FN(scaled_relu_cuda));
}
"""

_lib = load_inline(name="myops_lib", cpp_sources="", cuda_sources=source,
                   is_python_module=False, verbose=False)


class ModelNew(nn.Module):
    def forward(self, x):
        return torch.ops.myops.scaled_relu.default(x)
