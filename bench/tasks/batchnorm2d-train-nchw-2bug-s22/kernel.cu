#include <torch/extension.h>
#include <cuda_runtime.h>

#define BLOCK_SIZE 256

__device__ __forceinline__ float warp_reduce_sum(float val) {
#pragma unroll
    for (int offset = warpSize / 2; offset > 0; offset /= 2) {
        val += __shfl_down_sync(0xffffffff, val, offset);
    }
    return val;
}

// Every warp reduces the per-warp partials again, so every thread returns the block total
// (no extra broadcast through shared memory needed).
__device__ __forceinline__ float block_reduce_sum(float val, float* shared) {
    const int lane = threadIdx.x % warpSize;
    const int wid = threadIdx.x / warpSize;
    val = warp_reduce_sum(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();
    const int num_warps = (blockDim.x + warpSize - 1) / warpSize;
    val = (lane < num_warps) ? shared[lane] : 0.0f;
    val = warp_reduce_sum(val);
    __syncthreads();   // shared is reused by the next call
    return val;
}

// BatchNorm2d forward in training mode (batch statistics), NCHW, one block per channel.
__global__ void batch_norm2d_train_kernel(const float* __restrict__ input,
                                          const float* __restrict__ gamma,
                                          const float* __restrict__ beta,
                                          float* __restrict__ output,
                                          const int batch_size,
                                          const int channels,
                                          const int spatial,
                                          const float eps) {
    __shared__ float shared[32];
    const int c = blockIdx.x;
    const int count = batch_size * spatial;

    float local_sum = 0.0f;
    for (int i = threadIdx.x; i < count; i += blockDim.x) {
        const int n = i / spatial;
        const int s = i % spatial;
        local_sum += input[(n * channels + c) * spatial + s];
    }
    const float mean = block_reduce_sum(local_sum, shared) / count;

    float local_sq = 0.0f;
    for (int i = threadIdx.x; i < count; i += blockDim.x) {
        const int n = i / spatial;
        const int s = i % spatial;
        const float d = input[(n * channels + c) * spatial + s] - mean;
        local_sq += d * d;
    }
    const float var = block_reduce_sum(local_sq, shared) / (count - 1);
    const float inv_std = rsqrtf(var + eps);

    const float g = gamma[c];
    const float b = beta[c];
    for (int i = threadIdx.x; i < count; i += blockDim.x) {
        const int n = i / spatial;
        const int s = i % spatial;
        const int idx = (n * channels + c) * spatial + s;
        output[idx] = (input[idx] - mean) * inv_std * g + b;
    }
}

torch::Tensor batch_norm2d_train_cuda(torch::Tensor input, torch::Tensor gamma, torch::Tensor beta, float eps) {
    auto x = input.contiguous();
    const int batch_size = x.size(0);
    const int channels = x.size(1);
    const int spatial = x.size(2) * x.size(3);
    auto output = torch::empty_like(x);
    batch_norm2d_train_kernel<<<channels, BLOCK_SIZE>>>(
        x.data_ptr<float>(), gamma.data_ptr<float>(), beta.data_ptr<float>(), output.data_ptr<float>(),
        batch_size, channels, spatial, eps);
    return output;
}
