import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = """
#include <torch/extension.h>
#include <cuda_runtime.h>

// One warp computes the mean of one (n, c) spatial plane.
__global__ void global_avg_pool_kernel(const float* __restrict__ input,
                                       float* __restrict__ output,
                                       int num_planes,
                                       int plane_size) {
    int warp_id = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x & 31;
    if (warp_id >= num_planes) return;

    const float* plane = input + (size_t)warp_id * plane_size;
    float sum = 0.0f;
    for (int i = lane; i < plane_size; i += 32) {
        sum += plane[i];
    }

    #pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
        sum += __shfl_down_sync(0xffffffff, sum, offset);
    }

    if (lane == 0) {
        output[warp_id] = sum / (float)plane_size;
    }
}

torch::Tensor global_avg_pool_cuda(torch::Tensor input) {
    auto N = input.size(0);
    auto C = input.size(1);
    auto H = input.size(2);
    auto W = input.size(3);

    auto output = torch::empty({N, C}, input.options());

    int num_planes = N * C;
    int plane_size = H * W;
    const int threads_per_block = 256;  // 8 warps per block
    const int warps_per_block = threads_per_block / 32;
    const int blocks = (num_planes + warps_per_block - 1) / warps_per_block;

    global_avg_pool_kernel<<<blocks, threads_per_block>>>(
        input.data_ptr<float>(), output.data_ptr<float>(), num_planes, plane_size);

    return output;
}
"""

cpp_source = "torch::Tensor global_avg_pool_cuda(torch::Tensor input);"

global_avg_pool = load_inline(
    name="global_avg_pool",
    cpp_sources=cpp_source,
    cuda_sources=cuda_source,
    functions=["global_avg_pool_cuda"],
    verbose=False,
    extra_cflags=["-O2"],
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.global_avg_pool = global_avg_pool

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        return self.global_avg_pool.global_avg_pool_cuda(x)
