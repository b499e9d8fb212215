import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

rms_norm_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <ATen/cuda/CUDAContext.h>

// Input is (B, C, *spatial). RMS is taken over C for every (b, spatial) position.
// Each thread owns one (b, s) position and walks the channel dimension with a
// stride of `spatial`, so neighbouring threads read neighbouring addresses.
template <typename scalar_t>
__global__ void rms_norm_kernel(
    const scalar_t* __restrict__ input,
    scalar_t* __restrict__ output,
    const int64_t batch_size,
    const int64_t num_features,
    const int64_t spatial,
    const float eps)
{
    const int64_t tid = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    const int64_t total = batch_size * spatial;
    if (tid >= total) return;

    const int64_t b = tid / spatial;
    const int64_t s = tid % spatial;
    const int64_t base = b * num_features * spatial + s;

    float sum_sq = 0.0f;
    for (int64_t c = 0; c < num_features; ++c) {
        const float v = static_cast<float>(input[base + c * spatial]);
        sum_sq += v * v;
    }
    const float inv_rms = rsqrtf(sum_sq / static_cast<float>(num_features) + eps);

    for (int64_t c = 0; c < num_features; ++c) {
        const int64_t off = base + c * spatial;
        output[off] = static_cast<scalar_t>(static_cast<float>(input[off]) * inv_rms);
    }
}

torch::Tensor rms_norm_cuda(torch::Tensor input, double eps) {
    TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor");
    TORCH_CHECK(input.dim() >= 2, "input must have at least 2 dims");

    auto x = input.contiguous();
    auto output = torch::empty_like(x);

    const int64_t batch_size = x.size(0);
    const int64_t num_features = x.size(1);
    const int64_t spatial = x.numel() / (batch_size * num_features);

    const int threads = 256;
    const int64_t total = batch_size * spatial;
    const int blocks = static_cast<int>((total + threads - 1) / threads);

    cudaStream_t stream = at::cuda::getCurrentCUDAStream();

    AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "rms_norm_cuda", [&] {
        rms_norm_kernel<scalar_t><<<blocks, threads, 0, stream>>>(
            x.data_ptr<scalar_t>(),
            output.data_ptr<scalar_t>(),
            batch_size,
            num_features,
            spatial,
            static_cast<float>(eps));
    });

    return output;
}
"""

rms_norm_cpp_source = "torch::Tensor rms_norm_cuda(torch::Tensor input, double eps);"

rms_norm_ext = load_inline(
    name="rms_norm_ext",
    cpp_sources=rms_norm_cpp_source,
    cuda_sources=rms_norm_source,
    functions=["rms_norm_cuda"],
    verbose=False,
    extra_cuda_cflags=["-O3", "--use_fast_math"],
)


class ModelNew(nn.Module):
    """
    RMS Normalization over the feature dimension, implemented with a custom
    CUDA kernel that keeps the per-position reduction in registers.
    """

    def __init__(self, num_features: int, eps: float = 1e-5):
        super(ModelNew, self).__init__()
        self.num_features = num_features
        self.eps = eps
        self.rms_norm_ext = rms_norm_ext

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.rms_norm_ext.rms_norm_cuda(x, self.eps)
