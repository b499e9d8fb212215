import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

layernorm_cuda = """
#include <torch/extension.h>

__global__ void layernorm_kernel(const float* x, const float* gamma, const float* beta, float* y,
                                 int N, float eps) {
    int row = blockIdx.x;
    extern __shared__ float red[];
    float s = 0.f, ss = 0.f;
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        float v = x[row * N + i];
        s += v;
        ss += v * v;
    }
    red[threadIdx.x] = s;
    red[threadIdx.x + blockDim.x] = ss;
    __syncthreads();
    for (int off = blockDim.x / 2; off > 0; off >>= 1) {
        if (threadIdx.x < off) {
            red[threadIdx.x] += red[threadIdx.x + off];
            red[threadIdx.x + blockDim.x] += red[threadIdx.x + blockDim.x + off];
        }
        __syncthreads();
    }
    float mean = red[0] / N;
    float var = red[blockDim.x] / N - mean * mean;
    float inv = rsqrtf(var + eps);
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        y[row * N + i] = (x[row * N + i] - mean) * inv * gamma[i] + beta[i];
    }
}

torch::Tensor layernorm_forward(torch::Tensor x, torch::Tensor gamma, torch::Tensor beta, float eps) {
    int N = x.size(-1);
    int rows = x.numel() / N;
    auto y = torch::empty_like(x);
    int threads = 256;
    layernorm_kernel<<<rows, threads, 2 * threads * sizeof(float)>>>(
        x.data_ptr<float>(), gamma.data_ptr<float>(), beta.data_ptr<float>(), y.data_ptr<float>(), N, eps);
    return y;
}
"""

layernorm_cpp = "torch::Tensor layernorm_forward(torch::Tensor x, torch::Tensor gamma, torch::Tensor beta, float eps);"

layernorm_ext = load_inline(
    name="layernorm_ext",
    cpp_sources=layernorm_cpp,
    cuda_sources=layernorm_cuda,
    functions=["layernorm_forward"],
)


class ModelNew(nn.Module):
    def __init__(self, normalized_shape: tuple):
        super(ModelNew, self).__init__()
        self.ln = nn.LayerNorm(normalized_shape=normalized_shape)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return layernorm_ext.layernorm_forward(x, self.ln.weight, self.ln.bias, self.ln.eps)
