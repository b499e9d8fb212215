import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = """
#include <torch/extension.h>

#define BLOCK 32

__global__ void matmul_small_k_kernel(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int M, int N, int K) {
    __shared__ float sa[BLOCK][BLOCK + 1];
    __shared__ float sb[BLOCK][BLOCK];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * BLOCK + ty;
    int col = blockIdx.x * BLOCK + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += BLOCK) {
        sa[ty][tx] = (row < M && k0 + tx < K) ? a[row * K + k0 + tx] : 0.0f;
        sb[ty][tx] = (col < N && k0 + ty < K) ? b[(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
        for (int kk = 0; kk < BLOCK; kk++) {
            acc += sa[ty][kk] * sb[kk][tx];
        }
        __syncthreads();
    }
    if (row < M && col < N) {
        c[row * N + col] = acc;
    }
}

torch::Tensor matmul_small_k(torch::Tensor a, torch::Tensor b) {
    int M = a.size(0);
    int K = a.size(1);
    int N = b.size(1);
    auto c = torch::empty({M, N}, a.options());
    dim3 threads(BLOCK, BLOCK);
    dim3 blocks((N + BLOCK - 1) / BLOCK, (M + BLOCK - 1) / BLOCK);
    matmul_small_k_kernel<<<blocks, threads>>>(a.data_ptr<float>(), b.data_ptr<float>(), c.data_ptr<float>(), M, N, K);
    return c;
}
"""

cpp_source = "torch::Tensor matmul_small_k(torch::Tensor a, torch::Tensor b);"

matmul_small_k = load_inline(
    name="matmul_small_k",
    cpp_sources=cpp_source,
    cuda_sources=cuda_source,
    functions=["matmul_small_k"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.matmul_small_k = matmul_small_k

    def forward(self, A, B):
        return self.matmul_small_k.matmul_small_k(A.contiguous(), B.contiguous())
