import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Define the custom CUDA kernel for x - max(x, dim=1, keepdim=True)
row_max_sub_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void row_max_sub_kernel(const float* input, float* output, int num_cols) {
    __shared__ float sdata[256];

    int row = blockIdx.x;
    int tid = threadIdx.x;
    const float* row_input = input + row * num_cols;
    float* row_output = output + row * num_cols;

    // Each thread finds the max of its strided elements
    float thread_max = 0.0f;
    for (int i = tid; i < num_cols; i += blockDim.x) {
        thread_max = fmaxf(thread_max, row_input[i]);
    }
    sdata[tid] = thread_max;
    __syncthreads();

    // Parallel reduction to find the row max
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] = fmaxf(sdata[tid], sdata[tid + s]);
        }
        __syncthreads();
    }

    float row_max = sdata[0];

    // Subtract the max from every element of the row
    for (int i = tid; i < num_cols; i += blockDim.x) {
        row_output[i] = row_input[i] - row_max;
    }
}

torch::Tensor row_max_sub_cuda(torch::Tensor input) {
    int num_rows = input.size(0);
    int num_cols = input.size(1);
    auto output = torch::empty_like(input);

    const int block_size = 256;
    row_max_sub_kernel<<<num_rows, block_size>>>(input.data_ptr<float>(), output.data_ptr<float>(), num_cols);

    return output;
}
"""

row_max_sub_cpp_source = "torch::Tensor row_max_sub_cuda(torch::Tensor input);"

# Compile the inline CUDA code
row_max_sub = load_inline(
    name="row_max_sub",
    cpp_sources=row_max_sub_cpp_source,
    cuda_sources=row_max_sub_source,
    functions=["row_max_sub_cuda"],
    verbose=True,
    extra_cflags=[""],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()
        self.row_max_sub = row_max_sub

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.row_max_sub.row_max_sub_cuda(x.contiguous())
