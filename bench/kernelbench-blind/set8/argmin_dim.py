import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

argmin_cuda_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

// The tensor is viewed as [outer, reduce, inner]. Each thread handles one
// (outer, inner) pair; consecutive threads read consecutive inner elements,
// so global loads are coalesced.
__global__ void argmin_dim_kernel(const float* __restrict__ input,
                                  int64_t* __restrict__ output,
                                  int outer, int reduce, int inner) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= outer * inner) return;

    int o = idx / inner;
    int i = idx % inner;
    const float* base = input + (size_t)o * reduce * inner + i;

    float min_val = base[0];
    int64_t min_idx = 0;
    for (int r = 1; r < reduce; ++r) {
        float v = base[(size_t)r * inner];
        if (v < min_val) {
            min_val = v;
            min_idx = r;
        }
    }
    output[idx] = min_idx;
}

torch::Tensor argmin_dim_cuda(torch::Tensor input, int64_t dim) {
    TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor");
    auto x = input.contiguous();
    int ndim = x.dim();
    if (dim < 0) dim += ndim;

    int outer = 1;
    for (int d = 0; d < dim; ++d) outer *= x.size(d);
    int reduce = x.size(dim);
    int inner = 1;
    for (int d = dim + 1; d < ndim; ++d) inner *= x.size(d);

    std::vector<int64_t> out_shape;
    for (int d = 0; d < ndim; ++d) {
        if (d != dim) out_shape.push_back(x.size(d));
    }
    auto output = torch::empty(out_shape, x.options().dtype(torch::kInt64));

    int total = outer * inner;
    int threads = 256;
    int blocks = (total + threads - 1) / threads;
    argmin_dim_kernel<<<blocks, threads>>>(x.data_ptr<float>(), output.data_ptr<int64_t>(),
                                           outer, reduce, inner);
    return output;
}
"""

argmin_cpp_source = "torch::Tensor argmin_dim_cuda(torch::Tensor input, int64_t dim);"


class ModelNew(nn.Module):
    """
    Argmin over a dimension using a custom CUDA kernel.
    """

    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim
        self.argmin_ext = load_inline(
            name="argmin_dim_ext",
            cpp_sources=argmin_cpp_source,
            cuda_sources=argmin_cuda_source,
            functions=["argmin_dim_cuda"],
            verbose=False,
            extra_cuda_cflags=["-O3"],
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.argmin_ext.argmin_dim_cuda(x, self.dim)
