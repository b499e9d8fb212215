import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

sum_reduction_source = """
#include <torch/extension.h>
#include <cuda.h>
#include <cuda_runtime.h>

template <typename scalar_t>
__global__ void sum_reduce_kernel(const scalar_t* __restrict__ input,
                                  scalar_t* __restrict__ output,
                                  int outer, int reduce, int inner) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= outer * inner) return;
    int o = idx / inner;
    int i = idx % inner;
    scalar_t acc = 0;
    for (int r = 0; r < reduce; ++r) {
        acc += input[(o * reduce + r) * inner + i];
    }
    output[idx] = acc;
}

torch::Tensor sum_reduce_cuda(torch::Tensor input, int64_t dim) {
    auto sizes = input.sizes().vec();
    int reduce = sizes[dim];
    int outer = 1;
    for (int d = 0; d < dim; ++d) outer *= sizes[d];
    int inner = 1;
    for (int d = dim + 1; d < (int)sizes.size(); ++d) inner *= sizes[d];
    sizes[dim] = 1;
    auto output = torch::empty(sizes, input.options());
    const int threads = 256;
    const int blocks = (outer * inner + threads - 1) / threads;
    AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "sum_reduce_cuda", ([&] {
        sum_reduce_kernel<scalar_t><<<blocks, threads>>>(
            input.data_ptr<scalar_t>(), output.data_ptr<scalar_t>(), outer, reduce, inner);
    }));
    return output;
}
"""

sum_reduction_cpp_source = "torch::Tensor sum_reduce_cuda(torch::Tensor input, int64_t dim);"

sum_reduction = load_inline(
    name="sum_reduction",
    cpp_sources=sum_reduction_cpp_source,
    cuda_sources=sum_reduction_source,
    functions=["sum_reduce_cuda"],
    verbose=True,
)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim
        self.sum_reduction = sum_reduction

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.sum_reduction.sum_reduce_cuda(x, self.dim)
