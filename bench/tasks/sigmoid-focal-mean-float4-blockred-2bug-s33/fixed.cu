#include <torch/extension.h>
#include <cuda_runtime.h>

// torchvision.ops.sigmoid_focal_loss(inputs, targets, alpha, gamma, reduction="mean")
//   p = sigmoid(x), ce = BCEWithLogits(x, t), p_t = p*t + (1-p)*(1-t)
//   loss = alpha_t * ce * (1 - p_t)^gamma,  alpha_t = alpha*t + (1-alpha)*(1-t)
// Grid-stride over float4 vectors + scalar tail, warp-shuffle/shared block reduction,
// one atomicAdd per block of (block sum / n). `out` is zeroed by the host.

#define BLOCK_THREADS 256
#define WARP_SIZE 32

__device__ __forceinline__ float focal_term(float x, float t, float alpha, float gamma) {
    const float p = 1.0f / (1.0f + expf(-x));
    const float ce = fmaxf(x, 0.0f) - x * t + log1pf(expf(-fabsf(x)));
    const float p_t = p * t + (1.0f - p) * (1.0f - t);
    const float alpha_t = alpha * t + (1.0f - alpha) * (1.0f - t);
    return alpha_t * ce * powf(1.0f - p_t, gamma);
}

__device__ __forceinline__ float warp_sum(float v) {
    for (int o = WARP_SIZE / 2; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    return v;
}

__global__ void sigmoid_focal_loss_mean_kernel(const float* __restrict__ logits,
                                               const float* __restrict__ targets,
                                               float* __restrict__ out,
                                               int n, float alpha, float gamma, float inv_n) {
    __shared__ float warp_part[BLOCK_THREADS / WARP_SIZE];
    const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = gridDim.x * blockDim.x;

    float acc = 0.0f;
    const int n4 = n / 4;
    const float4* x4 = reinterpret_cast<const float4*>(logits);
    const float4* t4 = reinterpret_cast<const float4*>(targets);
    for (int i = gtid; i < n4; i += stride) {
        const float4 xv = x4[i];
        const float4 tv = t4[i];
        acc += focal_term(xv.x, tv.x, alpha, gamma) + focal_term(xv.y, tv.y, alpha, gamma)
             + focal_term(xv.z, tv.z, alpha, gamma) + focal_term(xv.w, tv.w, alpha, gamma);
    }
    for (int i = n4 * 4 + gtid; i < n; i += stride)  // leftover elements
        acc += focal_term(logits[i], targets[i], alpha, gamma);

    acc = warp_sum(acc);
    const int lane = threadIdx.x % WARP_SIZE, wid = threadIdx.x / WARP_SIZE;
    if (lane == 0) warp_part[wid] = acc;
    __syncthreads();
    if (wid == 0) {
        acc = (lane < BLOCK_THREADS / WARP_SIZE) ? warp_part[lane] : 0.0f;
        acc = warp_sum(acc);
        if (lane == 0) atomicAdd(out, acc * inv_n);
    }
}

torch::Tensor sigmoid_focal_loss_mean(torch::Tensor logits, torch::Tensor targets, double alpha, double gamma) {
    const int n = logits.numel();
    auto out = torch::zeros({}, logits.options());
    int blocks = (n / 4 + BLOCK_THREADS - 1) / BLOCK_THREADS;
    blocks = blocks < 1 ? 1 : (blocks > 16 ? 16 : blocks);
    sigmoid_focal_loss_mean_kernel<<<blocks, BLOCK_THREADS>>>(logits.data_ptr<float>(), targets.data_ptr<float>(),
                                                              out.data_ptr<float>(), n, (float)alpha, (float)gamma,
                                                              1.0f / (float)n);
    return out;
}
