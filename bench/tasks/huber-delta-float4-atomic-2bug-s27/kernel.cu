#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.HuberLoss(delta=delta, reduction='mean')(predictions, targets)
//   l(d) = 0.5 * d^2                     if |d| < delta
//        = delta * (|d| - 0.5 * delta)   otherwise
// float4 grid-stride main loop, scalar loop for the n % 4 leftovers, block reduction
// through warp shuffles, one atomicAdd per block into a zeroed scalar.

#define BLOCK 256

__device__ __forceinline__ float huber_elem(float p, float t, float delta) {
    const float d = fabsf(p - t);
    return d < delta ? 0.5f * d * d / delta : d - 0.5f * delta;
}

__device__ __forceinline__ float huber4(const float4& p, const float4& t, float delta) {
    return huber_elem(p.x, t.x, delta) + huber_elem(p.y, t.y, delta) +
           huber_elem(p.z, t.z, delta) + huber_elem(p.w, t.w, delta);
}

__global__ void huber_loss_kernel(const float* __restrict__ pred,
                                  const float* __restrict__ tgt,
                                  float* __restrict__ loss,
                                  const int n, const float delta) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = blockDim.x * gridDim.x;
    const int n4 = n / 4;
    const float4* p4 = reinterpret_cast<const float4*>(pred);
    const float4* t4 = reinterpret_cast<const float4*>(tgt);

    float sum = 0.0f;
    for (int i = gid; i < n4; i += stride) sum += huber4(p4[i], t4[i], delta);
    // leftovers that do not fill a float4
    for (int i = n4 * 4 + threadIdx.x; i < n; i += blockDim.x) sum += huber_elem(pred[i], tgt[i], delta);

    // block reduction
    __shared__ float warp_sums[BLOCK / 32];
    for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffff, sum, off);
    if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = sum;
    __syncthreads();
    if (threadIdx.x < 32) {
        sum = threadIdx.x < (BLOCK / 32) ? warp_sums[threadIdx.x] : 0.0f;
        for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffff, sum, off);
        if (threadIdx.x == 0) atomicAdd(loss, sum / (float)n);
    }
}

torch::Tensor huber_loss_cuda(torch::Tensor pred, torch::Tensor tgt, double delta) {
    const int n = pred.numel();
    auto loss = torch::zeros({}, pred.options());
    int blocks = (n / 4 + BLOCK - 1) / BLOCK;
    if (blocks < 1) blocks = 1;
    if (blocks > 32) blocks = 32;
    huber_loss_kernel<<<blocks, BLOCK>>>(pred.data_ptr<float>(), tgt.data_ptr<float>(),
                                         loss.data_ptr<float>(), n, (float)delta);
    return loss;
}
