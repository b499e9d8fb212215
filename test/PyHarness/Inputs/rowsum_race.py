import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# One block per row: each thread sums a strided slice, then a shared-memory tree
# reduction. The barrier between the levels of the tree is missing.
source = """
#include <torch/extension.h>

#define THREADS 256

__global__ void row_sum_kernel(const float* __restrict__ x, float* __restrict__ y, int cols) {
    __shared__ float partial[THREADS];
    int row = blockIdx.x;
    int tid = threadIdx.x;
    float acc = 0.0f;
    for (int c = tid; c < cols; c += blockDim.x) {
        acc += x[row * cols + c];
    }
    partial[tid] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            partial[tid] += partial[tid + s];
        }
    }
    if (tid == 0) {
        y[row] = partial[0];
    }
}

torch::Tensor row_sum(torch::Tensor x) {
    auto y = torch::empty({x.size(0)}, x.options());
    row_sum_kernel<<<x.size(0), THREADS>>>(x.data_ptr<float>(), y.data_ptr<float>(), x.size(1));
    return y;
}
"""

ext = load_inline(name="row_sum_ext", cpp_sources="torch::Tensor row_sum(torch::Tensor x);",
                  cuda_sources=source, functions=["row_sum"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return ext.row_sum(x)
