// Sum of squared errors, accumulated into a single scalar (MSE numerator).
#include <torch/extension.h>

__global__ void sse_kernel(const float* __restrict__ a, const float* __restrict__ b,
                           float* __restrict__ loss, int n) {
    __shared__ float partial[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    float d = (i < n) ? a[i] - b[i] : 0.0f;
    partial[tid] = d * d;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) partial[tid] += partial[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        atomicAdd(&loss[0], partial[0]);
    }
}

torch::Tensor sse(torch::Tensor a, torch::Tensor b) {
    auto loss = torch::zeros({1}, a.options());
    int n = a.numel();
    sse_kernel<<<(n + 255) / 256, 256>>>(a.data_ptr<float>(), b.data_ptr<float>(),
                                         loss.data_ptr<float>(), n);
    return loss;
}
