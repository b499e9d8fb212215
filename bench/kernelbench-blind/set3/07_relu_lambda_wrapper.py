import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

relu_cuda_src = '''
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void relu_kernel(const float* in, float* out, const int N) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < N) out[i] = in[i] > 0.0f ? in[i] : 0.0f;
}

torch::Tensor relu_cuda(torch::Tensor in) {
    const int N = in.numel();
    torch::Tensor out = torch::empty_like(in);
    const int threadsPerBlock = 1024;
    const int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    relu_kernel<<<blocksPerGrid, threadsPerBlock>>>(in.data_ptr<float>(), out.data_ptr<float>(), N);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        printf("CUDA error: %s\\n", cudaGetErrorString(err));
    }
    return out;
}
'''

relu_cpp_src = "torch::Tensor relu_cuda(torch::Tensor in);"

relu_ext = load_inline(
    name="relu_lambda",
    cpp_sources=relu_cpp_src,
    cuda_sources=relu_cuda_src,
    functions=["relu_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()
        self.op = lambda t: relu_ext.relu_cuda(t)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.op(x)
