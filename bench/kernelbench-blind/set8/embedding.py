import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Embedding lookup kernel.
# Each block handles one token: it reads the token id once and copies the
# corresponding row of the embedding table with vectorized float4 accesses.
embedding_cuda_source = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAException.h>
#include <ATen/cuda/CUDAContext.h>
#include <vector>

#define CHECK_CUDA(x) TORCH_CHECK((x).is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK((x).is_contiguous(), #x " must be contiguous")

__global__ void embedding_gather_kernel(
    const int64_t* __restrict__ indices,
    const float* __restrict__ weight,
    float* __restrict__ out,
    const int64_t num_tokens,
    const int64_t embedding_dim)
{
    const int64_t token = blockIdx.x;
    if (token >= num_tokens) return;

    const int64_t row = indices[token];
    const float* __restrict__ src = weight + row * embedding_dim;
    float* __restrict__ dst = out + token * embedding_dim;

    if ((embedding_dim & 3) == 0) {
        const int64_t dim4 = embedding_dim >> 2;
        const float4* __restrict__ src4 = reinterpret_cast<const float4*>(src);
        float4* __restrict__ dst4 = reinterpret_cast<float4*>(dst);
        for (int64_t d = threadIdx.x; d < dim4; d += blockDim.x) {
            dst4[d] = src4[d];
        }
    } else {
        for (int64_t d = threadIdx.x; d < embedding_dim; d += blockDim.x) {
            dst[d] = src[d];
        }
    }
}

torch::Tensor embedding_forward(torch::Tensor indices, torch::Tensor weight) {
    CHECK_CUDA(indices);
    CHECK_CUDA(weight);
    CHECK_CONTIGUOUS(weight);
    TORCH_CHECK(indices.scalar_type() == torch::kLong, "indices must be int64");
    TORCH_CHECK(weight.scalar_type() == torch::kFloat32, "weight must be float32");
    TORCH_CHECK(weight.dim() == 2, "weight must be 2D");

    const at::cuda::OptionalCUDAGuard device_guard(device_of(weight));

    auto idx = indices.contiguous();
    const int64_t num_tokens = idx.numel();
    const int64_t embedding_dim = weight.size(1);

    std::vector<int64_t> out_sizes(idx.sizes().begin(), idx.sizes().end());
    out_sizes.push_back(embedding_dim);
    auto out = torch::empty(out_sizes, weight.options());
    if (num_tokens == 0) return out;

    const int threads = 128;
    const dim3 grid((unsigned int)num_tokens);
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();

    embedding_gather_kernel<<<grid, threads, 0, stream>>>(
        idx.data_ptr<int64_t>(),
        weight.data_ptr<float>(),
        out.data_ptr<float>(),
        num_tokens,
        embedding_dim);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

embedding_cpp_source = "torch::Tensor embedding_forward(torch::Tensor indices, torch::Tensor weight);"

embedding_ext = load_inline(
    name="embedding_gather_ext",
    cpp_sources=embedding_cpp_source,
    cuda_sources=embedding_cuda_source,
    functions=["embedding_forward"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    """
    Embedding lookup with a custom CUDA gather kernel. Parameters are kept in an
    nn.Embedding so initialization matches the reference model.
    """

    def __init__(self, num_embeddings: int, embedding_dim: int):
        super().__init__()
        self.embedding = nn.Embedding(num_embeddings, embedding_dim)

    def forward(self, indices: torch.Tensor) -> torch.Tensor:
        return embedding_ext.embedding_forward(indices, self.embedding.weight)
