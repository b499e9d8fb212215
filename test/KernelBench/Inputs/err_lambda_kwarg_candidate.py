# A keyword argument the lambda does not take.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA = """
#include <torch/extension.h>

__global__ void masked_add_kernel(const float* x, const bool* mask, const long* labels,
                                  float* out, int n, int classes) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (mask[i] ? x[i] : 0.0f) + (float)labels[i / classes];
}

torch::Tensor masked_add(torch::Tensor x, torch::Tensor mask, torch::Tensor labels) {
    auto out = torch::empty_like(x);
    int n = x.numel();
    masked_add_kernel<<<(n + 127) / 128, 128>>>(x.data_ptr<float>(), mask.data_ptr<bool>(),
        labels.data_ptr<long>(), out.data_ptr<float>(), n, x.size(1));
    return out;
}
"""


class MaskedAddFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, mask, labels):
        ctx.save_for_backward(mask)
        ctx.classes = x.size(1)
        return ModelNew._ext.masked_add(x, mask, labels)

    @staticmethod
    def backward(ctx, grad):
        (mask,) = ctx.saved_tensors
        return grad * mask, None, None


class ModelNew(nn.Module):
    _ext = None

    def __init__(self):
        super().__init__()
        if ModelNew._ext is None:
            ModelNew._ext = load_inline(
                name="masked_add_b",
                cpp_sources="torch::Tensor masked_add(torch::Tensor x, torch::Tensor mask, torch::Tensor labels);",
                cuda_sources=CUDA,
                functions=["masked_add"],
            )
        self.op = lambda a, m, l=None: MaskedAddFn.apply(a, m, l)

    def forward(self, x, mask, labels):
        return self.op(x, mask, labels=labels)
