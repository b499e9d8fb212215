# Batched transpose of the last two dimensions, materialised contiguously.
# Port of the classic shared-memory "coalesced transpose" (32x32 tile,
# 32x8 threads, +1 column of padding against bank conflicts) with a batch
# index on gridDim.z and bounds checks for sizes that are not tile multiples.
import warnings

import torch
import torch.nn as nn
from torch.utils import cpp_extension

TRANSPOSE_CU = r"""
#include <torch/extension.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalesced(float *odata, const float *idata, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    const size_t plane = (size_t)rows * cols;
    const float *in = idata + blockIdx.z * plane;
    float *out = odata + blockIdx.z * plane;

    int x = blockIdx.x * TILE_DIM + threadIdx.x;   // input column
    int y = blockIdx.y * TILE_DIM + threadIdx.y;   // input row

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && (y + j) < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * cols + x];

    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;       // output column (= input row)
    y = blockIdx.x * TILE_DIM + threadIdx.y;       // output row (= input column)

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && (y + j) < cols)
            out[(size_t)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

torch::Tensor transpose12(torch::Tensor x)
{
    TORCH_CHECK(x.dim() == 3, "expected a (B, R, C) tensor");
    x = x.contiguous();
    const int B = x.size(0), R = x.size(1), C = x.size(2);
    auto y = torch::empty({B, C, R}, x.options());

    dim3 dimGrid((C + TILE_DIM - 1) / TILE_DIM, (R + TILE_DIM - 1) / TILE_DIM, B);
    dim3 dimBlock(TILE_DIM, BLOCK_ROWS, 1);
    transposeCoalesced<<<dimGrid, dimBlock>>>(y.data_ptr<float>(), x.data_ptr<float>(), R, C);
    return y;
}
"""

try:
    _transpose = cpp_extension.load_inline(
        "batched_transpose12",
        "torch::Tensor transpose12(torch::Tensor x);",
        cuda_sources=TRANSPOSE_CU,
        functions="transpose12",
        extra_cuda_cflags=["-O3"],
    )
except Exception as exc:  # no toolchain: keep the module usable
    warnings.warn(f"custom transpose kernel unavailable, using torch: {exc}")
    _transpose = None


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if _transpose is None or not x.is_cuda or x.dtype != torch.float32:
            return x.transpose(1, 2).contiguous()
        return _transpose.transpose12(x)
