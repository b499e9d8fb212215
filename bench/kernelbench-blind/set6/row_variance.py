import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Unbiased variance over the last dimension. One block per row, two passes over
# the row (mean, then sum of squared deviations) with cub::BlockReduce, which
# is numerically safer than the E[x^2] - E[x]^2 formula for inputs whose mean is
# large compared to their spread.

variance_cuda_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cub/block/block_reduce.cuh>

template <int BLOCK_THREADS>
__global__ void row_variance_kernel(const float* __restrict__ x,
                                    float* __restrict__ out,
                                    int cols) {
    using BlockReduce = cub::BlockReduce<float, BLOCK_THREADS>;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    __shared__ float s_mean;

    const float* row = x + (size_t)blockIdx.x * cols;

    float thread_sum = 0.0f;
    for (int i = threadIdx.x; i < cols; i += BLOCK_THREADS) {
        thread_sum += row[i];
    }
    float total = BlockReduce(temp_storage).Sum(thread_sum);
    if (threadIdx.x == 0) {
        s_mean = total / cols;
    }
    __syncthreads();  // publishes s_mean and makes temp_storage reusable
    const float mean = s_mean;

    float thread_sq = 0.0f;
    for (int i = threadIdx.x; i < cols; i += BLOCK_THREADS) {
        const float d = row[i] - mean;
        thread_sq += d * d;
    }
    float total_sq = BlockReduce(temp_storage).Sum(thread_sq);
    if (threadIdx.x == 0) {
        out[blockIdx.x] = total_sq / (cols - 1);  // Bessel's correction (torch.var default)
    }
}

torch::Tensor row_variance_cuda(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat, "x must be float32");
    auto input = x.contiguous();
    const int cols = input.size(-1);
    const int rows = input.numel() / cols;

    auto sizes = input.sizes().vec();
    sizes.pop_back();
    auto out = torch::empty(sizes, input.options());

    constexpr int kThreads = 256;
    row_variance_kernel<kThreads><<<rows, kThreads>>>(
        input.data_ptr<float>(), out.data_ptr<float>(), cols);
    return out;
}
"""

variance_cpp_source = "torch::Tensor row_variance_cuda(torch::Tensor x);"

row_variance = load_inline(
    name="row_variance_cub",
    cpp_sources=variance_cpp_source,
    cuda_sources=variance_cuda_source,
    functions=["row_variance_cuda"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    Computes the unbiased variance over one dimension with a custom CUDA kernel.
    """

    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim
        self.row_variance = row_variance

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        dim = self.dim if self.dim >= 0 else self.dim + x.dim()
        if dim != x.dim() - 1:
            x = x.movedim(dim, -1)
        return self.row_variance.row_variance_cuda(x)
