import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

softmax_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <float.h>

__device__ float block_reduce_max(float val, float* shared) {
    int tid = threadIdx.x;
    shared[tid] = val;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            shared[tid] = fmaxf(shared[tid], shared[tid + s]);
        }
        __syncthreads();
    }
    float r = shared[0];
    __syncthreads();
    return r;
}

__device__ float block_reduce_sum(float val, float* shared) {
    int tid = threadIdx.x;
    shared[tid] = val;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            shared[tid] += shared[tid + s];
        }
        __syncthreads();
    }
    float r = shared[0];
    __syncthreads();
    return r;
}

__global__ void softmax_kernel(const float* input, float* output, int batch_size, int dim) {
    extern __shared__ float sdata[];
    int row = blockIdx.x;
    if (row >= batch_size) return;
    const float* x = input + row * dim;
    float* y = output + row * dim;

    float local_max = -FLT_MAX;
    for (int i = threadIdx.x; i < dim; i += blockDim.x) {
        local_max = fmaxf(local_max, x[i]);
    }
    float row_max = block_reduce_max(local_max, sdata);

    float local_sum = 0.0f;
    for (int i = threadIdx.x; i < dim; i += blockDim.x) {
        local_sum += expf(x[i] - row_max);
    }
    float row_sum = block_reduce_sum(local_sum, sdata);

    for (int i = threadIdx.x; i < dim; i += blockDim.x) {
        y[i] = expf(x[i] - row_max) / row_sum;
    }
}

torch::Tensor softmax_cuda(torch::Tensor input) {
    int batch_size = input.size(0);
    int dim = input.size(1);
    auto output = torch::empty_like(input);
    int threads = 256;
    int shared_mem = threads * sizeof(float);
    softmax_kernel<<<batch_size, threads, shared_mem>>>(input.data_ptr<float>(), output.data_ptr<float>(), batch_size, dim);
    return output;
}
"""

softmax_cpp_source = "torch::Tensor softmax_cuda(torch::Tensor input);"

softmax = load_inline(
    name="softmax",
    cpp_sources=softmax_cpp_source,
    cuda_sources=softmax_source,
    functions=["softmax_cuda"],
    verbose=True,
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()
        self.softmax = softmax

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.softmax.softmax_cuda(x)
