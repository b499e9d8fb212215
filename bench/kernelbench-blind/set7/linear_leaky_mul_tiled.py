import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Fused Linear + LeakyReLU + multiply kernel using shared-memory tiling
fused_linear_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

#define TILE_SIZE 16

__global__ void fused_linear_leaky_mul_kernel(
    const float* __restrict__ input,   // [M, K]
    const float* __restrict__ weight,  // [N, K]
    const float* __restrict__ bias,    // [N]
    float* __restrict__ output,        // [M, N]
    int M, int N, int K,
    float negative_slope, float multiplier) {

    __shared__ float tile_a[TILE_SIZE][TILE_SIZE];
    __shared__ float tile_b[TILE_SIZE][TILE_SIZE];

    int row = blockIdx.y * TILE_SIZE + threadIdx.y;  // index into M
    int col = blockIdx.x * TILE_SIZE + threadIdx.x;  // index into N

    float sum = 0.0f;

    for (int t = 0; t < (K + TILE_SIZE - 1) / TILE_SIZE; ++t) {
        int a_col = t * TILE_SIZE + threadIdx.x;
        if (row < M && a_col < K) {
            tile_a[threadIdx.y][threadIdx.x] = input[row * K + a_col];
        } else {
            tile_a[threadIdx.y][threadIdx.x] = 0.0f;
        }

        // weight is stored [N, K]; we need W^T so load weight[col, k]
        int b_row = t * TILE_SIZE + threadIdx.y;
        int w_n = blockIdx.x * TILE_SIZE + threadIdx.x;
        if (w_n < N && b_row < K) {
            tile_b[threadIdx.y][threadIdx.x] = weight[w_n * K + b_row];
        } else {
            tile_b[threadIdx.y][threadIdx.x] = 0.0f;
        }

        __syncthreads();

        for (int k = 0; k < TILE_SIZE; ++k) {
            sum += tile_a[threadIdx.y][k] * tile_b[k][threadIdx.x];
        }

        __syncthreads();
    }

    if (row < M && col < N) {
        float val = sum + bias[col];
        val = val > 0.0f ? val : val * negative_slope;
        output[row * N + col] = val * multiplier;
    }
}

torch::Tensor fused_linear_leaky_mul_cuda(
    torch::Tensor input,
    torch::Tensor weight,
    torch::Tensor bias,
    float negative_slope,
    float multiplier) {

    int M = input.size(0);
    int K = input.size(1);
    int N = weight.size(0);

    auto output = torch::empty({M, N}, input.options());

    dim3 threads(TILE_SIZE, TILE_SIZE);
    dim3 blocks((N + TILE_SIZE - 1) / TILE_SIZE, (M + TILE_SIZE - 1) / TILE_SIZE);

    fused_linear_leaky_mul_kernel<<<blocks, threads>>>(
        input.data_ptr<float>(),
        weight.data_ptr<float>(),
        bias.data_ptr<float>(),
        output.data_ptr<float>(),
        M, N, K,
        negative_slope, multiplier);

    return output;
}
"""

fused_linear_cpp_source = """
torch::Tensor fused_linear_leaky_mul_cuda(torch::Tensor input, torch::Tensor weight, torch::Tensor bias, float negative_slope, float multiplier);
"""

fused_linear = load_inline(
    name="fused_linear_leaky_mul",
    cpp_sources=fused_linear_cpp_source,
    cuda_sources=fused_linear_source,
    functions=["fused_linear_leaky_mul_cuda"],
    verbose=True,
    extra_cflags=["-O3"],
    extra_ldflags=[""],
)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, negative_slope, multiplier):
        super(ModelNew, self).__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.negative_slope = negative_slope
        self.multiplier = multiplier
        self.fused_linear = fused_linear

    def forward(self, x):
        return self.fused_linear.fused_linear_leaky_mul_cuda(
            x, self.linear.weight, self.linear.bias, self.negative_slope, self.multiplier
        )
