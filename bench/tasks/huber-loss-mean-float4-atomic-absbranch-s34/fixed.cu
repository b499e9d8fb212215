#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.HuberLoss(reduction='mean', delta=delta)(pred, target), pred / target [n] f32 -> scalar
//   l(d) = 0.5 * d^2                   if |d| < delta
//        = delta * (|d| - 0.5 * delta)  otherwise
// float4 loads in a grid-stride loop (scalar loop for the n % 4 tail), warp shuffle + shared
// block reduction, then one atomicAdd of (block sum / n) into the zero-initialised output.

#define BLOCK 256

__device__ __forceinline__ float huber_elem(float d, float delta) {
    const float ad = fabsf(d);
    return ad < delta ? 0.5f * d * d : delta * (ad - 0.5f * delta);
}

__device__ __forceinline__ float huber4(float4 a, float4 b, float delta) {
    return huber_elem(a.x - b.x, delta) + huber_elem(a.y - b.y, delta) +
           huber_elem(a.z - b.z, delta) + huber_elem(a.w - b.w, delta);
}

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

__global__ void huber_loss_mean_kernel(const float* __restrict__ pred, const float* __restrict__ target,
                                       float* __restrict__ out, int n, float delta) {
    __shared__ float warp_part[BLOCK / 32];
    const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = gridDim.x * blockDim.x;
    const int n4 = n >> 2;
    const float4* p4 = reinterpret_cast<const float4*>(pred);
    const float4* t4 = reinterpret_cast<const float4*>(target);

    float acc = 0.0f;
    for (int i = gtid; i < n4; i += stride) acc += huber4(p4[i], t4[i], delta);
    for (int i = (n4 << 2) + gtid; i < n; i += stride) acc += huber_elem(pred[i] - target[i], delta);

    acc = warp_sum(acc);
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) warp_part[wid] = acc;
    __syncthreads();
    if (wid == 0) {
        acc = (lane < BLOCK / 32) ? warp_part[lane] : 0.0f;
        acc = warp_sum(acc);
        if (lane == 0) atomicAdd(out, acc / (float)n);
    }
}

torch::Tensor huber_loss_mean(torch::Tensor pred, torch::Tensor target, double delta) {
    const int n = pred.numel();
    auto out = torch::zeros({}, pred.options());
    int blocks = (n / 4 + BLOCK - 1) / BLOCK;
    if (blocks > 8) blocks = 8;
    if (blocks < 1) blocks = 1;
    huber_loss_mean_kernel<<<blocks, BLOCK>>>(pred.data_ptr<float>(), target.data_ptr<float>(),
                                              out.data_ptr<float>(), n, (float)delta);
    return out;
}
