import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

layernorm_cuda_source = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <vector>

#define CHECK_CUDA(x) TORCH_CHECK(x.is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) CHECK_CUDA(x); CHECK_CONTIGUOUS(x)

__device__ __forceinline__ float warp_sum(float v) {
    #pragma unroll
    for (int mask = 16; mask > 0; mask >>= 1) {
        v += __shfl_xor_sync(0xffffffff, v, mask);
    }
    return v;
}

// Sum across the block; result is broadcast to every thread.
__device__ float block_sum(float v, float* shared) {
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int num_warps = (blockDim.x + 31) >> 5;

    v = warp_sum(v);
    __syncthreads();  // protect `shared` from a previous call
    if (lane == 0) shared[warp] = v;
    __syncthreads();
    v = (threadIdx.x < num_warps) ? shared[threadIdx.x] : 0.0f;
    if (warp == 0) v = warp_sum(v);
    if (threadIdx.x == 0) shared[0] = v;
    __syncthreads();
    return shared[0];
}

__global__ void layernorm_forward_kernel(const float* __restrict__ x,
                                         const float* __restrict__ gamma,
                                         const float* __restrict__ beta,
                                         float* __restrict__ y,
                                         float* __restrict__ mean_out,
                                         float* __restrict__ rstd_out,
                                         int N, float eps) {
    __shared__ float shared[32];
    const int row = blockIdx.x;
    const float* xr = x + (size_t)row * N;
    float* yr = y + (size_t)row * N;

    float s = 0.0f;
    for (int i = threadIdx.x; i < N; i += blockDim.x) s += xr[i];
    const float mean = block_sum(s, shared) / N;

    float sq = 0.0f;
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        const float d = xr[i] - mean;
        sq += d * d;
    }
    const float var = block_sum(sq, shared) / N;   // biased variance, as nn.LayerNorm
    const float rstd = rsqrtf(var + eps);

    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        yr[i] = (xr[i] - mean) * rstd * gamma[i] + beta[i];
    }
    if (threadIdx.x == 0) {
        mean_out[row] = mean;
        rstd_out[row] = rstd;
    }
}

std::vector<torch::Tensor> layernorm_forward(torch::Tensor x,
                                             torch::Tensor gamma,
                                             torch::Tensor beta,
                                             double eps) {
    CHECK_INPUT(x);
    CHECK_INPUT(gamma);
    CHECK_INPUT(beta);
    const int N = gamma.numel();
    TORCH_CHECK(x.size(-1) == N, "last dim of x must match normalized_shape");
    const int M = x.numel() / N;

    auto y = torch::empty_like(x);
    auto mean = torch::empty({M}, x.options());
    auto rstd = torch::empty({M}, x.options());

    const int threads = 256;
    layernorm_forward_kernel<<<M, threads>>>(
        x.data_ptr<float>(), gamma.data_ptr<float>(), beta.data_ptr<float>(),
        y.data_ptr<float>(), mean.data_ptr<float>(), rstd.data_ptr<float>(),
        N, static_cast<float>(eps));

    return {y, mean, rstd};
}
"""

layernorm_cpp_source = r"""
#include <vector>
std::vector<torch::Tensor> layernorm_forward(torch::Tensor x, torch::Tensor gamma, torch::Tensor beta, double eps);
"""

layernorm_cuda = load_inline(
    name="layernorm_cuda",
    cpp_sources=layernorm_cpp_source,
    cuda_sources=layernorm_cuda_source,
    functions=["layernorm_forward"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    LayerNorm over the last dimension using a fused custom CUDA kernel.
    The affine parameters stay in an nn.LayerNorm so initialization matches the reference.
    """

    def __init__(self, normalized_shape: tuple):
        super(ModelNew, self).__init__()
        self.ln = nn.LayerNorm(normalized_shape=normalized_shape)
        self.layernorm_cuda = layernorm_cuda

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y, _mean, _rstd = self.layernorm_cuda.layernorm_forward(
            x.contiguous(), self.ln.weight, self.ln.bias, self.ln.eps
        )
        return y
