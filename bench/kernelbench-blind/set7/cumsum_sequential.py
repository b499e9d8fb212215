import torch
import torch.nn as nn
from torch.utils import cpp_extension

cumsum_source = """
#include <torch/extension.h>

__global__ void cumsum_kernel(const float* input, float* output, int batch, int length) {
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < batch) {
        float running = 0.0f;
        for (int i = 0; i < length; i++) {
            running += input[b * length + i];
            output[b * length + i] = running;
        }
    }
}

torch::Tensor cumsum_cuda(torch::Tensor input, int dim) {
    auto output = torch::empty_like(input);
    int batch = input.size(0);
    int length = input.size(1);
    int threads = 32;
    int blocks = (batch + threads - 1) / threads;
    cumsum_kernel<<<blocks, threads>>>(input.data_ptr<float>(), output.data_ptr<float>(), batch, length);
    return output;
}
"""

cumsum_cpp_source = "torch::Tensor cumsum_cuda(torch::Tensor input, int dim);"

cumsum = cpp_extension.load_inline(
    name="cumsum",
    cpp_sources=cumsum_cpp_source,
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
        return self.cumsum.cumsum_cuda(x, self.dim)
