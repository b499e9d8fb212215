import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

rms_norm_source = """
#include <torch/extension.h>
#include <cuda.h>
#include <cuda_runtime.h>

// Each thread owns one (batch, spatial) position and walks the feature
// dimension, whose stride is the spatial size. Neighbouring threads read
// neighbouring spatial positions, so every load is coalesced.
template <typename scalar_t>
__global__ void rms_norm_kernel(
    const scalar_t* __restrict__ input,
    scalar_t* __restrict__ output,
    const int batch_size,
    const int num_features,
    const int spatial_size,
    const float eps) {

    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    const int total = batch_size * spatial_size;
    if (idx >= total) return;

    const int b = idx / spatial_size;
    const int s = idx % spatial_size;
    const size_t base = (size_t)b * num_features * spatial_size + s;

    float sum_sq = 0.0f;
    for (int f = 0; f < num_features; ++f) {
        const float v = static_cast<float>(input[base + (size_t)f * spatial_size]);
        sum_sq += v * v;
    }
    const float inv_rms = rsqrtf(sum_sq / num_features + eps);

    for (int f = 0; f < num_features; ++f) {
        const size_t off = base + (size_t)f * spatial_size;
        output[off] = static_cast<scalar_t>(static_cast<float>(input[off]) * inv_rms);
    }
}

torch::Tensor rms_norm_forward(torch::Tensor input, int64_t num_features, double eps) {
    auto output = torch::empty_like(input);

    const int batch_size = input.size(0);
    int spatial_size = 1;
    for (int i = 2; i < input.dim(); ++i) {
        spatial_size *= input.size(i);
    }

    const int threads = 256;
    const int blocks = (batch_size * spatial_size + threads - 1) / threads;

    AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "rms_norm_forward", ([&] {
        rms_norm_kernel<scalar_t><<<blocks, threads>>>(
            input.data_ptr<scalar_t>(),
            output.data_ptr<scalar_t>(),
            batch_size,
            static_cast<int>(num_features),
            spatial_size,
            static_cast<float>(eps));
    }));

    return output;
}
"""

rms_norm_cpp_source = """
torch::Tensor rms_norm_forward(torch::Tensor input, int64_t num_features, double eps);
"""


class ModelNew(nn.Module):
    """
    Optimized RMS Normalization using a custom CUDA kernel.
    """

    def __init__(self, num_features: int, eps: float = 1e-5):
        super(ModelNew, self).__init__()
        self.num_features = num_features
        self.eps = eps
        self.rms_norm = load_inline(
            name="rms_norm",
            cpp_sources=rms_norm_cpp_source,
            cuda_sources=rms_norm_source,
            functions=["rms_norm_forward"],
            verbose=True,
            extra_cuda_cflags=["-O3"],
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        return self.rms_norm.rms_norm_forward(x, self.num_features, self.eps)
