# Sources joined from pieces, dedented and stripped; device guard, empty-size
# early return, at::ceil_div, a grid cap by `if`, MemoryFormat, x.type() in the
# dispatch, a vector return indexed in a method that forward calls.
import textwrap

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_head = "#include <torch/extension.h>\n#include <c10/cuda/CUDAGuard.h>\n"

_kernel = textwrap.dedent(r"""
    template <typename scalar_t>
    __global__ void masked_add_kernel(const scalar_t* x, const bool* mask, const int64_t* labels,
                                      scalar_t* out, int64_t n, int64_t classes) {
        for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
             i += (int64_t)blockDim.x * gridDim.x)
            out[i] = (mask[i] ? x[i] : scalar_t(0)) + (scalar_t)labels[i / classes];
    }
""")

_wrapper = """
std::vector<torch::Tensor> masked_add(torch::Tensor x, torch::Tensor mask, torch::Tensor labels) {
    const at::cuda::OptionalCUDAGuard guard(device_of(x));
    auto out = torch::empty_like(x, at::MemoryFormat::Contiguous);
    const auto n = x.numel();
    if (n == 0) {
        return {out};
    }
    const int threads = 256;
    int64_t blocks = at::ceil_div(n, (int64_t)threads);
    if (blocks > 3) blocks = 3;
    AT_DISPATCH_FLOATING_TYPES(x.type(), "masked_add", ([&] {
        masked_add_kernel<scalar_t><<<blocks, threads>>>(x.data<scalar_t>(), mask.data_ptr<bool>(),
            labels.data_ptr<int64_t>(), out.data_ptr<scalar_t>(), n, x.size(1));
    }));
    return {out};
}
"""

cuda_src = "\n".join([_head, _kernel, _wrapper]).strip()

ext = load_inline(
    name="masked_add",
    cpp_sources="std::vector<torch::Tensor> masked_add(torch::Tensor x, torch::Tensor mask, torch::Tensor labels);",
    cuda_sources=cuda_src,
    functions=["masked_add"],
    extra_cuda_cflags=["-O3"],
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.fn = ext.masked_add

    def _run(self, x, mask, labels=None):
        outs = self.fn(x, mask, labels)
        return outs[0]

    def forward(self, x, mask, labels):
        return self._run(x.cuda(), mask, labels=labels)
