import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

tril_matmul_source = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <c10/cuda/CUDAStream.h>

// C = tril(A @ B) where A and B are lower triangular.
// For i >= j: C[i][j] = sum_{k=j}^{i} A[i][k] * B[k][j]; otherwise 0.
__global__ void tril_matmul_kernel(const float* __restrict__ A,
                                   const float* __restrict__ B,
                                   float* __restrict__ C,
                                   int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= N || col >= N) return;

    if (row < col) {
        C[row * N + col] = 0.0f;
        return;
    }

    float sum = 0.0f;
    for (int k = col; k <= row; ++k) {
        sum += A[row * N + k] * B[k * N + col];
    }
    C[row * N + col] = sum;
}

torch::Tensor tril_matmul_cuda(torch::Tensor A, torch::Tensor B) {
    TORCH_CHECK(A.is_cuda() && B.is_cuda(), "A and B must be CUDA tensors");
    TORCH_CHECK(A.size(0) == A.size(1) && B.size(0) == B.size(1) && A.size(0) == B.size(0),
                "A and B must be square and of equal size");
    auto A_ = A.contiguous();
    auto B_ = B.contiguous();
    const int N = A_.size(0);
    auto C = torch::empty({N, N}, A_.options());

    const dim3 block(32, 8);
    const dim3 grid((N + block.x - 1) / block.x, (N + block.y - 1) / block.y);
    cudaStream_t stream = c10::cuda::getCurrentCUDAStream();
    tril_matmul_kernel<<<grid, block, 0, stream>>>(A_.data_ptr<float>(), B_.data_ptr<float>(),
                                                   C.data_ptr<float>(), N);
    return C;
}
"""

tril_matmul_cpp_source = "torch::Tensor tril_matmul_cuda(torch::Tensor A, torch::Tensor B);"

tril_matmul = load_inline(
    name="tril_matmul",
    cpp_sources=tril_matmul_cpp_source,
    cuda_sources=tril_matmul_source,
    functions=["tril_matmul_cuda"],
    extra_cuda_cflags=["-O3", "--use_fast_math"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    Lower-triangular matmul; exploits the triangular structure to skip zero terms.
    """

    def __init__(self):
        super(ModelNew, self).__init__()
        self.tril_matmul = tril_matmul

    def forward(self, A, B):
        return self.tril_matmul.tril_matmul_cuda(A, B)
