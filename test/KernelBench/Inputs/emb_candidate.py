import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_src = r"""
#include <torch/extension.h>

template <bool CLAMP>
__global__ void gather_rows(const int64_t* __restrict__ idx, const float* __restrict__ table,
                            float* __restrict__ out, int n, int dim, int rows) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * dim) return;
    int i = t / dim, d = t % dim;
    int64_t r = idx[i];
    if (CLAMP) r = r < 0 ? 0 : (r >= rows ? rows - 1 : r);
    out[t] = table[r * dim + d];
}

torch::Tensor lookup(torch::Tensor idx, torch::Tensor table) {
    constexpr bool kClamp = true;
    auto sizes = idx.sizes().vec();
    sizes.push_back(table.size(1));
    auto out = torch::empty(sizes, table.options());
    const int n = idx.numel(), dim = table.size(1);
    const int threads = 256;
    gather_rows<kClamp><<<(n * dim + threads - 1) / threads, threads>>>(
        idx.data_ptr<int64_t>(), table.data_ptr<float>(), out.data_ptr<float>(), n, dim,
        table.size(0));
    return out;
}
"""

ext = load_inline(name="emb_lookup", cpp_sources="torch::Tensor lookup(torch::Tensor idx, torch::Tensor table);",
                  cuda_sources=cuda_src, functions=["lookup"])


class ModelNew(nn.Module):
    def __init__(self, num_embeddings, embedding_dim):
        super().__init__()
        self.table = nn.Embedding(num_embeddings, embedding_dim)

    def forward(self, idx):
        return ext.lookup(idx, self.table.weight)
