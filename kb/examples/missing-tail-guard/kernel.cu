// Generated: fused residual add + SiLU, torch extension.
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void residual_silu_kernel(const float* __restrict__ x,
                                     const float* __restrict__ residual,
                                     float* __restrict__ out, int64_t numel) {
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    float v = x[i] + residual[i];
    out[i] = v / (1.0f + expf(-v));
}

torch::Tensor residual_silu(torch::Tensor x, torch::Tensor residual) {
    auto out = torch::empty_like(x);
    const int64_t n = x.numel();
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    residual_silu_kernel<<<blocks, threads>>>(x.data_ptr<float>(), residual.data_ptr<float>(),
                                              out.data_ptr<float>(), n);
    return out;
}
