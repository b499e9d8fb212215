import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# mean_i( logsumexp(logits[i, :]) - logits[i, target[i]] )
# num_classes is tiny (10), so one thread per sample is the natural mapping.

CE_CUDA = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be a CUDA tensor")
#define CHECK_FLOAT(x) TORCH_CHECK(x.scalar_type() == at::ScalarType::Float, #x " must be float32")
#define CHECK_LONG(x) TORCH_CHECK(x.scalar_type() == at::ScalarType::Long, #x " must be int64")

__global__ void cross_entropy_rows_kernel(const float* __restrict__ logits,
                                          const int64_t* __restrict__ target,
                                          float* __restrict__ loss,
                                          int batch, int classes, int64_t row_stride,
                                          float inv_batch) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    float contrib = 0.f;
    if (i < batch) {
        const float* row = logits + i * row_stride;
        float mx = row[0];
        for (int c = 1; c < classes; ++c) mx = fmaxf(mx, row[c]);
        float se = 0.f;
        for (int c = 0; c < classes; ++c) se += __expf(row[c] - mx);
        const int64_t t = target[i];
        contrib = (logf(se) + mx - row[t]) * inv_batch;
    }
    // warp-level pre-reduction, then one atomic per warp
    for (int off = 16; off > 0; off >>= 1)
        contrib += __shfl_down_sync(0xffffffff, contrib, off);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(loss, contrib);
}

torch::Tensor cross_entropy_fwd(torch::Tensor logits, torch::Tensor target) {
    CHECK_CUDA(logits);
    CHECK_CUDA(target);
    CHECK_FLOAT(logits);
    CHECK_LONG(target);
    TORCH_CHECK(logits.dim() == 2, "logits must be (batch, classes)");
    TORCH_CHECK(logits.stride(1) == 1, "class dimension must be contiguous");

    at::cuda::CUDAGuard guard(logits.device());
    auto tgt = target.contiguous();
    const int batch = logits.size(0);
    const int classes = logits.size(1);

    auto loss = torch::full({1}, 0.0, logits.options());
    const int threads = 128;
    const int blocks = (batch + threads - 1) / threads;
    auto stream = c10::cuda::getCurrentCUDAStream();
    cross_entropy_rows_kernel<<<blocks, threads, 0, stream>>>(
        logits.data_ptr<float>(), tgt.data_ptr<int64_t>(), loss.data_ptr<float>(),
        batch, classes, logits.stride(0), 1.0f / static_cast<float>(batch));
    return loss;
}
"""

CE_CPP = "torch::Tensor cross_entropy_fwd(torch::Tensor logits, torch::Tensor target);"

ce_ext = load_inline(
    name="ce_rows",
    cpp_sources=CE_CPP,
    cuda_sources=CE_CUDA,
    functions=["cross_entropy_fwd"],
    extra_cuda_cflags=["-O2"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        # the kernel writes into a 1-element buffer; index it to get the 0-d loss
        loss = ce_ext.cross_entropy_fwd(predictions, targets)
        return loss[0]
