import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cummax_source = """
#include <torch/extension.h>
#include <vector>

__global__ void cummax_kernel(const float* x, float* values, long* indices, int rows, int cols) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < rows) {
        const float* in = x + row * cols;
        float* val = values + row * cols;
        long* ind = indices + row * cols;
        float cur = in[0];
        long cur_idx = 0;
        val[0] = cur;
        ind[0] = 0;
        for (int j = 1; j < cols; j++) {
            float v = in[j];
            if (v >= cur) {
                cur = v;
                cur_idx = j;
            }
            val[j] = cur;
            ind[j] = cur_idx;
        }
    }
}

std::vector<torch::Tensor> cummax_cuda(torch::Tensor x) {
    int rows = x.size(0);
    int cols = x.size(1);
    auto values = torch::empty_like(x);
    auto indices = torch::empty({rows, cols}, torch::TensorOptions().dtype(torch::kLong).device(x.device()));

    const int block_size = 128;
    const int num_blocks = (rows + block_size - 1) / block_size;
    cummax_kernel<<<num_blocks, block_size>>>(x.data_ptr<float>(), values.data_ptr<float>(),
                                              indices.data_ptr<long>(), rows, cols);
    return {values, indices};
}
"""

cummax_cpp_source = "std::vector<torch::Tensor> cummax_cuda(torch::Tensor x);"

cummax = load_inline(
    name="cummax",
    cpp_sources=cummax_cpp_source,
    cuda_sources=cummax_source,
    functions=["cummax_cuda"],
    verbose=True,
)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim
        self.cummax = cummax

    def forward(self, x):
        # kernel scans along the last dimension of a 2D tensor
        x = x.contiguous()
        values, indices = self.cummax.cummax_cuda(x)
        return values
