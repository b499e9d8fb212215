# The wrapper in cpp_sources hands raw pointers to a launcher of the CUDA source,
# which sizes its grid with a multi-statement helper (kfix lit test input).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_src = r"""
#include <cuda_runtime.h>

__global__ void relu_flat(const float* __restrict__ in, float* __restrict__ out, long n) {
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i < n; i += (long)gridDim.x * blockDim.x)
        out[i] = in[i] > 0.f ? in[i] : 0.f;
}

static int grid_for(long n, int threads) {
    int g = (int)((n + threads - 1) / threads);
    if (g > 4096) g = 4096;
    return g;
}

void relu_launch(const float* in, float* out, long n, cudaStream_t stream) {
    const int threads = 128;
    const int blocks = grid_for(n, threads);
    relu_flat<<<blocks, threads, 0, stream>>>(in, out, n);
}
"""

cpp_src = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

void relu_launch(const float* in, float* out, long n, cudaStream_t stream);

torch::Tensor relu_fwd(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda(), "cuda only");
    auto out = torch::empty_like(x);
    relu_launch(x.data_ptr<float>(), out.data_ptr<float>(), x.numel(),
                at::cuda::getCurrentCUDAStream());
    return out;
}
"""

_mod = load_inline(name="relu_host_launch", cpp_sources=[cpp_src], cuda_sources=[cuda_src],
                   functions=["relu_fwd"], verbose=False)


class ModelNew(nn.Module):
    def forward(self, x):
        return _mod.relu_fwd(x)
