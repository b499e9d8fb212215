import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

softmax_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

__global__ void softmax_kernel(const float* input, float* output, int num_rows, int num_cols) {
    extern __shared__ float sdata[];

    int row = blockIdx.x;
    int tid = threadIdx.x;
    if (row >= num_rows) return;

    const float* row_in = input + row * num_cols;
    float* row_out = output + row * num_cols;

    // Step 1: find the max value in the row
    float local_max = -INFINITY;
    for (int i = tid; i < num_cols; i += blockDim.x) {
        local_max = fmaxf(local_max, row_in[i]);
    }
    sdata[tid] = local_max;
    __syncthreads();

    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] = fmaxf(sdata[tid], sdata[tid + s]);
        }
        __syncthreads();
    }
    float max_val = sdata[0];
    __syncthreads();

    // Step 2: compute the sum of exp(x - max)
    float local_sum = 0.0f;
    for (int i = tid; i < num_cols; i += blockDim.x) {
        local_sum += expf(row_in[i] - max_val);
    }
    sdata[tid] = local_sum;
    __syncthreads();

    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
    }
    __syncthreads();
    float sum_val = sdata[0];

    // Step 3: normalize
    for (int i = tid; i < num_cols; i += blockDim.x) {
        row_out[i] = expf(row_in[i] - max_val) / sum_val;
    }
}

torch::Tensor softmax_cuda(torch::Tensor input) {
    int num_rows = input.size(0);
    int num_cols = input.size(1);
    auto output = torch::empty_like(input);

    const int block_size = 256;
    int shared_mem_size = block_size * sizeof(float);

    softmax_kernel<<<num_rows, block_size, shared_mem_size>>>(
        input.data_ptr<float>(), output.data_ptr<float>(), num_rows, num_cols);

    return output;
}
"""

softmax_cpp_source = "torch::Tensor softmax_cuda(torch::Tensor input);"

softmax_module = load_inline(
    name="softmax_module",
    cpp_sources=softmax_cpp_source,
    cuda_sources=softmax_source,
    functions=["softmax_cuda"],
    verbose=True,
    extra_cflags=[""],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()
        self.softmax_module = softmax_module

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.softmax_module.softmax_cuda(x)
