import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cumsum_source = """
#include <torch/extension.h>

__global__ void cumsum_kernel(const float* in, float* out, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        float running = 0.0f;
        for (int c = 0; c < cols; ++c) {
            running += in[r * cols + c];
            out[r * cols + c] = running;
        }
    }
}

torch::Tensor cumsum_cuda(torch::Tensor x) {
    auto rows = x.size(0);
    auto cols = x.size(1);
    auto out = torch::empty_like(x);
    int threads = 128;
    int blocks = (rows + threads - 1) / threads;
    cumsum_kernel<<<blocks, threads>>>(x.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
    return out;
}
"""

cumsum_cpp = "torch::Tensor cumsum_cuda(torch::Tensor x);"

cumsum = load_inline(
    name="cumsum",
    cpp_sources=cumsum_cpp,
    cuda_sources=cumsum_source,
    functions=["cumsum_cuda"],
    verbose=True,
)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim
        self.cumsum = cumsum

    def forward(self, x):
        return self.cumsum.cumsum_cuda(x)
