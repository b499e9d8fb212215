import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# RMSNorm (LLaMA style) with a learned weight.
# Warp-per-row design: each warp normalizes one row of `hidden_size` floats
# using float4 loads; the sum of squares is reduced with __shfl_xor_sync so
# every lane ends up with the full row sum (no shared memory needed).
rms_norm_cuda_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <ATen/cuda/CUDAContext.h>

#define WARP_SIZE 32
#define WARPS_PER_BLOCK 8

__global__ void rms_norm_warp_kernel(const float4* __restrict__ x,
                                     const float4* __restrict__ weight,
                                     float4* __restrict__ y,
                                     const int num_rows,
                                     const int hidden_vec,   // hidden_size / 4
                                     const float inv_hidden,
                                     const float eps) {
    const int warp_id = threadIdx.x / WARP_SIZE;
    const int lane = threadIdx.x % WARP_SIZE;
    const int row = blockIdx.x * WARPS_PER_BLOCK + warp_id;
    if (row >= num_rows) return;  // whole warp exits together

    const float4* x_row = x + (size_t)row * hidden_vec;
    float4* y_row = y + (size_t)row * hidden_vec;

    float sum_sq = 0.0f;
    for (int i = lane; i < hidden_vec; i += WARP_SIZE) {
        const float4 v = x_row[i];
        sum_sq += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
    }

    #pragma unroll
    for (int mask = WARP_SIZE / 2; mask > 0; mask >>= 1) {
        sum_sq += __shfl_xor_sync(0xffffffff, sum_sq, mask);
    }

    const float scale = rsqrtf(sum_sq * inv_hidden + eps);

    for (int i = lane; i < hidden_vec; i += WARP_SIZE) {
        const float4 v = x_row[i];
        const float4 w = weight[i];
        float4 o;
        o.x = w.x * (v.x * scale);
        o.y = w.y * (v.y * scale);
        o.z = w.z * (v.z * scale);
        o.w = w.w * (v.w * scale);
        y_row[i] = o;
    }
}

torch::Tensor rms_norm_cuda(torch::Tensor x, torch::Tensor weight, double eps) {
    TORCH_CHECK(x.is_cuda() && weight.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "only float32 supported");
    x = x.contiguous();
    weight = weight.contiguous();

    const int hidden = x.size(-1);
    TORCH_CHECK(hidden % 4 == 0, "hidden size must be divisible by 4");
    TORCH_CHECK(weight.numel() == hidden, "weight size mismatch");
    const int num_rows = x.numel() / hidden;

    auto y = torch::empty_like(x);

    const int threads = WARP_SIZE * WARPS_PER_BLOCK;
    const int blocks = (num_rows + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK;
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();

    rms_norm_warp_kernel<<<blocks, threads, 0, stream>>>(
        reinterpret_cast<const float4*>(x.data_ptr<float>()),
        reinterpret_cast<const float4*>(weight.data_ptr<float>()),
        reinterpret_cast<float4*>(y.data_ptr<float>()),
        num_rows,
        hidden / 4,
        1.0f / hidden,
        (float)eps);

    return y;
}
"""

rms_norm_cpp_source = "torch::Tensor rms_norm_cuda(torch::Tensor x, torch::Tensor weight, double eps);"

rms_norm_ext = load_inline(
    name="rms_norm_warp",
    cpp_sources=rms_norm_cpp_source,
    cuda_sources=rms_norm_cuda_source,
    functions=["rms_norm_cuda"],
    verbose=False,
    extra_cuda_cflags=["-O3", "--use_fast_math"],
)


class ModelNew(nn.Module):
    """
    RMSNorm over the last dimension with a learned per-feature weight,
    implemented as a single warp-per-row CUDA kernel.
    """

    def __init__(self, hidden_size: int, eps: float = 1e-6):
        super(ModelNew, self).__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size) + 0.1 * torch.randn(hidden_size))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return rms_norm_ext.rms_norm_cuda(x, self.weight, self.eps)
