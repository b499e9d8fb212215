import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

BLOCK = 256

mse_kernels = """
#include <torch/extension.h>

#define BLOCK {BLOCK}

// pass 1: every block writes the sum of its squared differences
__global__ void sq_diff_partial(const float* a, const float* b, float* partials, int n) {{
    __shared__ float cache[BLOCK];
    int tid = threadIdx.x;
    float acc = 0.0f;
    for (int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x) {{
        float d = a[i] - b[i];
        acc += d * d;
    }}
    cache[tid] = acc;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {{
        if (tid < s) cache[tid] += cache[tid + s];
        __syncthreads();
    }}
    if (tid == 0) partials[blockIdx.x] = cache[0];
}}

// pass 2: a single block adds the partials and divides by n
__global__ void finalize_mean(const float* partials, float* out, int num_partials, int n) {{
    __shared__ float cache[BLOCK];
    int tid = threadIdx.x;
    float acc = 0.0f;
    for (int i = tid; i < num_partials; i += BLOCK) acc += partials[i];
    cache[tid] = acc;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {{
        if (tid < s) cache[tid] += cache[tid + s];
        __syncthreads();
    }}
    if (tid == 0) out[0] = cache[0] / (float)n;
}}
""".format(BLOCK=BLOCK)

mse_host = """
torch::Tensor mse_cuda(torch::Tensor predictions, torch::Tensor targets) {
    auto p = predictions.contiguous();
    auto t = targets.contiguous();
    int n = p.numel();
    int blocks = std::min((n + BLOCK - 1) / BLOCK, 1024);
    auto partials = torch::empty({blocks}, p.options());
    auto out = torch::empty({}, p.options());
    sq_diff_partial<<<blocks, BLOCK>>>(p.data_ptr<float>(), t.data_ptr<float>(), partials.data_ptr<float>(), n);
    finalize_mean<<<1, BLOCK>>>(partials.data_ptr<float>(), out.data_ptr<float>(), blocks, n);
    return out;
}
"""

mse = load_inline(
    name="mse_two_pass",
    cpp_sources="torch::Tensor mse_cuda(torch::Tensor predictions, torch::Tensor targets);",
    cuda_sources=mse_kernels + mse_host,
    functions=["mse_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions, targets):
        return mse.mse_cuda(predictions, targets)
