import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

gemm_scale_gelu_src = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

#define WARPS_PER_BLOCK 8

// Each warp computes one output element y[m, n] = gelu(scale * (x[m,:] . W[n,:] + b[n])).
// Lanes stride over K with coalesced loads of both x and W rows (W is [N, K]).
__global__ void gemm_scale_gelu_kernel(const float* __restrict__ x,
                                       const float* __restrict__ W,
                                       const float* __restrict__ b,
                                       float* __restrict__ y,
                                       int M, int N, int K, float scale) {
    const int warp_global = blockIdx.x * WARPS_PER_BLOCK + (threadIdx.x >> 5);
    const int lane = threadIdx.x & 31;
    if (warp_global >= M * N) return;

    const int m = warp_global / N;
    const int n = warp_global % N;
    const float* xr = x + (size_t)m * K;
    const float* wr = W + (size_t)n * K;

    float acc = 0.0f;
    for (int k = lane; k < K; k += 32) {
        acc = fmaf(xr[k], wr[k], acc);
    }
    #pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        acc += __shfl_xor_sync(0xffffffff, acc, off);
    }

    if (lane == 0) {
        float v = (acc + b[n]) * scale;
        y[(size_t)m * N + n] = 0.5f * v * (1.0f + erff(v * M_SQRT1_2));
    }
}

torch::Tensor gemm_scale_gelu(torch::Tensor x, torch::Tensor W, torch::Tensor b, double scale) {
    TORCH_CHECK(x.is_cuda() && W.is_cuda() && b.is_cuda(), "all tensors must be on the GPU");
    TORCH_CHECK(x.dim() == 2 && W.dim() == 2, "x and W must be 2D");
    TORCH_CHECK(x.size(1) == W.size(1), "in_features mismatch");
    x = x.contiguous();
    W = W.contiguous();
    const int M = x.size(0), K = x.size(1), N = W.size(0);
    auto y = torch::empty({M, N}, x.options());

    const int total_warps = M * N;
    const int threads = WARPS_PER_BLOCK * 32;
    const int blocks = (total_warps + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK;
    gemm_scale_gelu_kernel<<<blocks, threads>>>(x.data_ptr<float>(), W.data_ptr<float>(), b.data_ptr<float>(),
                                                 y.data_ptr<float>(), M, N, K, (float)scale);
    return y;
}
"""

gemm_scale_gelu_cpp = "torch::Tensor gemm_scale_gelu(torch::Tensor x, torch::Tensor W, torch::Tensor b, double scale);"

fused = load_inline(
    name="gemm_scale_gelu_fused",
    cpp_sources=gemm_scale_gelu_cpp,
    cuda_sources=gemm_scale_gelu_src,
    functions=["gemm_scale_gelu"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    Linear -> scale -> GELU fused into one warp-per-output CUDA kernel.
    The nn.Linear module is kept only as a parameter container.
    """

    def __init__(self, in_features, out_features, scale):
        super(ModelNew, self).__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.scale = scale

    def forward(self, x):
        return fused.gemm_scale_gelu(x, self.linear.weight, self.linear.bias, self.scale)
