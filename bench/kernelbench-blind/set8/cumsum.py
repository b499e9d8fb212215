import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Inclusive prefix sum along the last dimension.
# One block per row; the row is processed in chunks of blockDim.x elements.
# Each chunk is scanned in shared memory (Hillis-Steele) and the running
# total of the previous chunks is carried over.
cumsum_cuda_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void cumsum_kernel(const float* __restrict__ input, float* __restrict__ output, int n) {
    extern __shared__ float temp[];

    int row = blockIdx.x;
    int tid = threadIdx.x;
    const float* in = input + (size_t)row * n;
    float* out = output + (size_t)row * n;

    float carry = 0.0f;
    for (int base = 0; base < n; base += blockDim.x) {
        int i = base + tid;
        temp[tid] = (i < n) ? in[i] : 0.0f;
        __syncthreads();

        // Hillis-Steele inclusive scan
        for (int offset = 1; offset < blockDim.x; offset <<= 1) {
            if (tid >= offset) {
                temp[tid] += temp[tid - offset];
            }
            __syncthreads();
        }

        if (i < n) {
            out[i] = temp[tid] + carry;
        }
        carry += temp[blockDim.x - 1];
        __syncthreads();
    }
}

torch::Tensor cumsum_cuda(torch::Tensor x) {
    auto input = x.contiguous();
    int rows = input.size(0);
    int n = input.size(1);
    auto output = torch::empty_like(input);

    const int threads = 1024;
    cumsum_kernel<<<rows, threads, threads * sizeof(float)>>>(
        input.data_ptr<float>(), output.data_ptr<float>(), n);

    return output;
}
"""

cumsum_cpp_source = "torch::Tensor cumsum_cuda(torch::Tensor x);"

cumsum_module = load_inline(
    name="cumsum_scan",
    cpp_sources=cumsum_cpp_source,
    cuda_sources=cumsum_cuda_source,
    functions=["cumsum_cuda"],
    verbose=False,
    extra_cuda_cflags=["-O3"],
)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim
        self.cumsum_module = cumsum_module

    def forward(self, x):
        if self.dim != x.dim() - 1 and self.dim != -1:
            x = x.transpose(self.dim, -1)
            out = self.cumsum_module.cumsum_cuda(x.contiguous().view(-1, x.size(-1))).view(x.shape)
            return out.transpose(self.dim, -1)
        return self.cumsum_module.cumsum_cuda(x.view(-1, x.size(-1))).view(x.shape)
