import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

kl_div_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void kl_div_kernel(const float* predictions, const float* targets, float* loss,
                              int total_elements, float inv_batch) {
    __shared__ float cache[256];
    int tid = threadIdx.x;
    int idx = blockIdx.x * blockDim.x + tid;
    int stride = blockDim.x * gridDim.x;

    float local = 0.0f;
    for (int i = idx; i < total_elements; i += stride) {
        float t = targets[i];
        if (t > 0.0f) {
            // kl_div(log(p), t) = t * (log(t) - log(p))
            local += t * (logf(t) - logf(predictions[i]));
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
        atomicAdd(loss, cache[0] * inv_batch);
    }
}

torch::Tensor kl_div_cuda(torch::Tensor predictions, torch::Tensor targets) {
    auto p = predictions.contiguous();
    auto t = targets.contiguous();
    int total_elements = p.numel();
    int batch_size = p.size(0);

    auto loss = at::zeros({}, p.options());

    const int block_size = 256;
    int num_blocks = (total_elements + block_size - 1) / block_size;
    num_blocks = num_blocks > 2048 ? 2048 : num_blocks;

    kl_div_kernel<<<num_blocks, block_size>>>(
        p.data_ptr<float>(), t.data_ptr<float>(), loss.data_ptr<float>(),
        total_elements, 1.0f / batch_size);

    return loss;
}
"""

kl_div_cpp_source = "torch::Tensor kl_div_cuda(torch::Tensor predictions, torch::Tensor targets);"

kl_div_native_module = load_inline(
    name="kl_div_native",
    cpp_sources=kl_div_cpp_source,
    cuda_sources=kl_div_source,
    functions=["kl_div_cuda"],
    verbose=False,
    extra_cuda_cflags=["--use_fast_math"],
)


class ModelNew(nn.Module):
    """
    KL divergence (reduction='batchmean') computed in a single fused CUDA kernel.
    """
    def __init__(self):
        super(ModelNew, self).__init__()
        self.kl_div = kl_div_native_module

    def forward(self, predictions, targets):
        return self.kl_div.kl_div_cuda(predictions, targets)
