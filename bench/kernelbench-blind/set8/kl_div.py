import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# KL divergence with 'batchmean' reduction, computed from the raw probabilities:
#   kl_div(log(p), q, 'batchmean') = sum(q * (log(q) - log(p))) / batch_size
# A single kernel does grid-stride accumulation, a shared-memory block
# reduction and one atomicAdd per block.
kl_div_cuda_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

#define BLOCK_SIZE 256

__global__ void kl_div_kernel(const float* __restrict__ predictions,
                              const float* __restrict__ targets,
                              float* __restrict__ output,
                              const int n,
                              const float inv_batch) {
    __shared__ float cache[BLOCK_SIZE];

    int tid = threadIdx.x;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;

    float local = 0.0f;
    for (int i = idx; i < n; i += stride) {
        float q = targets[i];
        float p = predictions[i];
        if (q > 0.0f) {
            local += q * (logf(q) - logf(p));
        }
    }
    cache[tid] = local;
    __syncthreads();

    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            cache[tid] += cache[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0) {
        atomicAdd(output, cache[0] * inv_batch);
    }
}

torch::Tensor kl_div_cuda(torch::Tensor predictions, torch::Tensor targets) {
    TORCH_CHECK(predictions.is_cuda(), "predictions must be a CUDA tensor");
    TORCH_CHECK(targets.is_cuda(), "targets must be a CUDA tensor");
    TORCH_CHECK(predictions.numel() == targets.numel(), "size mismatch");

    auto p = predictions.contiguous();
    auto q = targets.contiguous();
    const int n = p.numel();
    const int batch_size = p.size(0);

    auto output = torch::zeros({}, p.options());

    int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    if (blocks > 1024) blocks = 1024;

    kl_div_kernel<<<blocks, BLOCK_SIZE>>>(
        p.data_ptr<float>(), q.data_ptr<float>(), output.data_ptr<float>(),
        n, 1.0f / (float)batch_size);

    return output;
}
"""

kl_div_cpp_source = "torch::Tensor kl_div_cuda(torch::Tensor predictions, torch::Tensor targets);"

kl_div_ext = load_inline(
    name="kl_div_ext",
    cpp_sources=kl_div_cpp_source,
    cuda_sources=kl_div_cuda_source,
    functions=["kl_div_cuda"],
    verbose=False,
    extra_cflags=["-O3"],
    extra_cuda_cflags=["-O3"],
)


class ModelNew(nn.Module):
    """
    KL divergence (batchmean) with a fused single-pass CUDA reduction kernel.
    """

    def __init__(self):
        super(ModelNew, self).__init__()
        self.kl_div = kl_div_ext

    def forward(self, predictions, targets):
        return self.kl_div.kl_div_cuda(predictions, targets)
