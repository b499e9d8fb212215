import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

l2norm_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void l2_normalize_rows(const float* __restrict__ x, float* __restrict__ y, const int D) {
    __shared__ float partial[256];
    const int row = blockIdx.x;
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)row * D;
    float* yr = y + (size_t)row * D;

    float ss = 0.0f;
    for (int j = tid; j < D; j += blockDim.x) {
        float v = xr[j];
        ss += v * v;
    }
    partial[tid] = ss;
    __syncthreads();

    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            partial[tid] += partial[tid + s];
        }
    }
    __syncthreads();

    const float inv_norm = rsqrtf(partial[0]);
    for (int j = tid; j < D; j += blockDim.x) {
        yr[j] = xr[j] * inv_norm;
    }
}

torch::Tensor l2_normalize(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    TORCH_CHECK(x.dim() == 2, "x must be 2D");
    auto xc = x.contiguous();
    auto y = torch::empty_like(xc);
    const int B = xc.size(0);
    const int D = xc.size(1);
    l2_normalize_rows<<<B, 256>>>(xc.data_ptr<float>(), y.data_ptr<float>(), D);
    return y;
}
"""

l2norm_cpp = "torch::Tensor l2_normalize(torch::Tensor x);"

l2norm = load_inline(
    name="l2norm_rows",
    cpp_sources=l2norm_cpp,
    cuda_sources=l2norm_source,
    functions=["l2_normalize"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return l2norm.l2_normalize(x)
