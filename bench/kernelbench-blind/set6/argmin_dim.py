import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

argmin_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <vector>

__global__ void argmin_dim_kernel(const float* __restrict__ x,
                                  int64_t* __restrict__ out,
                                  const int outer_size,
                                  const int dim_size,
                                  const int inner_size) {
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= outer_size * inner_size) return;

    const int outer_idx = idx / inner_size;
    const int inner_idx = idx % inner_size;
    const float* p = x + (int64_t)outer_idx * dim_size * inner_size + inner_idx;

    float min_val = p[0];
    int64_t min_idx = 0;
    for (int k = 1; k < dim_size; ++k) {
        const float v = p[(int64_t)k * inner_size];
        if (v < min_val) {  // strict: keep the first occurrence, like torch.argmin
            min_val = v;
            min_idx = k;
        }
    }
    out[idx] = min_idx;
}

torch::Tensor argmin_dim_cuda(torch::Tensor x, int64_t dim) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    x = x.contiguous();
    const int64_t ndim = x.dim();
    if (dim < 0) dim += ndim;

    int outer_size = 1;
    for (int64_t i = 0; i < dim; ++i) outer_size *= x.size(i);
    const int dim_size = x.size(dim);
    int inner_size = 1;
    for (int64_t i = dim + 1; i < ndim; ++i) inner_size *= x.size(i);

    std::vector<int64_t> out_sizes;
    for (int64_t i = 0; i < ndim; ++i) {
        if (i != dim) out_sizes.push_back(x.size(i));
    }
    auto out = torch::empty(out_sizes, x.options().dtype(torch::kLong));

    const int total = outer_size * inner_size;
    const int block_size = 256;
    const int num_blocks = (total + block_size - 1) / block_size;
    argmin_dim_kernel<<<num_blocks, block_size>>>(
        x.data_ptr<float>(), out.data_ptr<int64_t>(), outer_size, dim_size, inner_size);

    return out;
}
"""

argmin_cpp_source = (
    "torch::Tensor argmin_dim_cuda(torch::Tensor x, int64_t dim);"
)

# Compile the inline CUDA code for argmin
argmin_cuda = load_inline(
    name="argmin_cuda",
    cpp_sources=argmin_cpp_source,
    cuda_sources=argmin_source,
    functions=["argmin_dim_cuda"],
    verbose=True,
    extra_cflags=["-O3"],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    """
    Optimized model that finds the index of the minimum value along a specified dimension
    using a custom CUDA kernel.
    """

    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim
        self.argmin_cuda = argmin_cuda

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.argmin_cuda.argmin_dim_cuda(x, self.dim)
