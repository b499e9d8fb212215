import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

kl_div_cuda_source = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cub/cub.cuh>

template <int BLOCK_THREADS>
__global__ void kl_div_batchmean_kernel(const float* __restrict__ pred,
                                        const float* __restrict__ target,
                                        float* __restrict__ out,
                                        int64_t n,
                                        float inv_batch) {
    using BlockReduce = cub::BlockReduce<float, BLOCK_THREADS>;
    __shared__ typename BlockReduce::TempStorage temp_storage;

    float local = 0.0f;
    for (int64_t i = (int64_t)blockIdx.x * BLOCK_THREADS + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * BLOCK_THREADS) {
        const float t = target[i];
        // kl_div(log(p), t) pointwise: t * (log(t) - log(p)), defined as 0 where t == 0
        if (t > 0.0f) {
            local += t * (logf(t) - logf(pred[i]));
        }
    }

    float block_total = BlockReduce(temp_storage).Sum(local);
    if (threadIdx.x == 0) {
        atomicAdd(out, block_total * inv_batch);
    }
}

torch::Tensor kl_div_cuda(torch::Tensor predictions, torch::Tensor targets) {
    TORCH_CHECK(predictions.sizes() == targets.sizes(), "shape mismatch");
    auto p = predictions.contiguous();
    auto t = targets.contiguous();
    const int64_t n = p.numel();
    const int64_t batch = p.size(0);

    auto out = torch::zeros({}, p.options());

    constexpr int kThreads = 256;
    int blocks = (int)((n + kThreads - 1) / kThreads);
    if (blocks > 1024) blocks = 1024;

    kl_div_batchmean_kernel<kThreads><<<blocks, kThreads>>>(
        p.data_ptr<float>(), t.data_ptr<float>(), out.data_ptr<float>(), n, 1.0f / (float)batch);
    return out;
}
"""

kl_div_cpp_source = "torch::Tensor kl_div_cuda(torch::Tensor predictions, torch::Tensor targets);"

kl_div_ext = load_inline(
    name="kl_div_ext",
    cpp_sources=kl_div_cpp_source,
    cuda_sources=kl_div_cuda_source,
    functions=["kl_div_cuda"],
    extra_cuda_cflags=["-O3", "--use_fast_math"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    KL divergence (batchmean) with a grid-stride kernel, cub::BlockReduce and one atomicAdd per block.
    """

    def __init__(self):
        super(ModelNew, self).__init__()
        self.kl_div_ext = kl_div_ext

    def forward(self, predictions, targets):
        return self.kl_div_ext.kl_div_cuda(predictions, targets)
