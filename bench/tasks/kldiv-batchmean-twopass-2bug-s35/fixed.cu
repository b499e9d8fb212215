#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cmath>

// F.kl_div(input, target, reduction='batchmean', log_target=False)
//   input  = log-probabilities  [B, D] f32
//   target = probabilities      [B, D] f32
//   loss = sum_ij xlogy(t_ij, t_ij) - t_ij * input_ij  /  B          (a 0-dim tensor)
// Two passes: kl_partial_kernel reduces a grid-stride slice per block into partials[block],
// kl_finalize_kernel (one block) folds the partials and divides by the batch size.

#define WARP 32

__inline__ __device__ float warp_reduce_sum(float v) {
    for (int o = WARP / 2; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

__inline__ __device__ float kl_term(float logq, float p) {
    return p > 0.0f ? p * (logf(p) - logq) : 0.0f;
}

__global__ void kl_partial_kernel(const float* __restrict__ input, const float* __restrict__ target,
                                  float* __restrict__ partials, size_t n) {
    __shared__ float warp_sums[WARP];
    const size_t stride = (size_t)blockDim.x * gridDim.x;
    float acc = 0.0f;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        acc += kl_term(input[i], target[i]);

    const int lane = threadIdx.x % WARP;
    const int wid = threadIdx.x / WARP;
    acc = warp_reduce_sum(acc);
    if (lane == 0) warp_sums[wid] = acc;
    __syncthreads();
    if (wid == 0) {
        const int nw = (blockDim.x + WARP - 1) / WARP;
        float v = lane < nw ? warp_sums[lane] : 0.0f;
        v = warp_reduce_sum(v);
        if (lane == 0) partials[blockIdx.x] = v;
    }
}

__global__ void kl_finalize_kernel(const float* __restrict__ partials, int num_partials,
                                   float* __restrict__ loss, int batch) {
    __shared__ float total;
    if (threadIdx.x == 0) total = 0.0f;
    __syncthreads();
    float v = 0.0f;
    for (int i = threadIdx.x; i < num_partials; i += blockDim.x) v += partials[i];
    atomicAdd(&total, v);
    __syncthreads();
    if (threadIdx.x == 0) *loss = total / (float)batch;
}

torch::Tensor kl_div_batchmean(torch::Tensor input, torch::Tensor target) {
    const int B = input.size(0);
    const size_t n = input.numel();
    const int threads = 256;
    int blocks = (int)((n + threads - 1) / threads);
    if (blocks > 32) blocks = 32;
    auto partials = torch::empty({blocks}, input.options());
    auto loss = torch::empty({}, input.options());
    kl_partial_kernel<<<blocks, threads>>>(input.data_ptr<float>(), target.data_ptr<float>(),
                                           partials.data_ptr<float>(), n);
    kl_finalize_kernel<<<1, 128>>>(partials.data_ptr<float>(), blocks, loss.data_ptr<float>(), B);
    return loss;
}
