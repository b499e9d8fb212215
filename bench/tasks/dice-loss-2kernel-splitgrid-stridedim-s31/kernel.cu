#include <torch/extension.h>
#include <cuda_runtime.h>

// Soft Dice loss on logits (segmentation), per sample then averaged over the batch:
//   p = sigmoid(logits),  I_b = sum(p*t),  P_b = sum(p),  T_b = sum(t)
//   loss = mean_b [ 1 - (2*I_b + smooth) / (P_b + T_b + smooth) ]
// Kernel 1: grid (splits, B); each block reduces a strided part of one sample and atomically
//           adds its three partial sums into stats[b][0..2] (zero-initialised).
// Kernel 2: one warp turns the per-sample stats into the batch-mean loss.

#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float warp_sum(float v) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(FULL_MASK, v, off);
    return v;
}

__device__ __forceinline__ float sigmoidf_fast(float v) { return 1.0f / (1.0f + __expf(-v)); }

template <int BLOCK>
__global__ void dice_stats_kernel(const float* __restrict__ logits,
                                  const float* __restrict__ targets,
                                  float* __restrict__ stats, int D) {
    constexpr int NW = BLOCK / 32;
    __shared__ float red[3][NW];
    const int b = blockIdx.y;
    const float* __restrict__ xb = logits + (size_t)b * D;
    const float* __restrict__ tb = targets + (size_t)b * D;

    float inter = 0.0f, psum = 0.0f, tsum = 0.0f;
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < D; i += BLOCK * gridDim.y) {
        const float p = sigmoidf_fast(xb[i]);
        const float t = tb[i];
        inter += p * t;
        psum += p;
        tsum += t;
    }

    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    inter = warp_sum(inter);
    psum = warp_sum(psum);
    tsum = warp_sum(tsum);
    if (lane == 0) {
        red[0][warp] = inter;
        red[1][warp] = psum;
        red[2][warp] = tsum;
    }
    __syncthreads();
    if (warp == 0) {
        float a = lane < NW ? red[0][lane] : 0.0f;
        float p = lane < NW ? red[1][lane] : 0.0f;
        float t = lane < NW ? red[2][lane] : 0.0f;
        a = warp_sum(a);
        p = warp_sum(p);
        t = warp_sum(t);
        if (lane == 0) {
            atomicAdd(&stats[b * 3 + 0], a);
            atomicAdd(&stats[b * 3 + 1], p);
            atomicAdd(&stats[b * 3 + 2], t);
        }
    }
}

__global__ void dice_finalize_kernel(const float* __restrict__ stats, float* __restrict__ out,
                                     int B, float smooth) {
    const int lane = threadIdx.x;
    float acc = 0.0f;
    for (int b = lane; b < B; b += 32) {
        const float inter = stats[b * 3 + 0];
        const float denom = stats[b * 3 + 1] + stats[b * 3 + 2] + smooth;
        acc += 1.0f - (2.0f * inter + smooth) / denom;
    }
    for (int off = 16; off > 0; off >>= 1) acc += __shfl_xor_sync(FULL_MASK, acc, off);
    if (lane == 0) out[0] = acc / (float)B;
}

torch::Tensor dice_loss(torch::Tensor logits, torch::Tensor targets, double smooth) {
    const int B = logits.size(0);
    const int D = logits.numel() / B;
    auto stats = torch::zeros({B, 3}, logits.options());
    auto out = torch::empty({}, logits.options());
    int splits = (D + 2047) / 2048;
    if (splits > 8) splits = 8;
    dim3 grid(splits, B);
    dice_stats_kernel<256><<<grid, 256>>>(logits.data_ptr<float>(), targets.data_ptr<float>(),
                                          stats.data_ptr<float>(), D);
    dice_finalize_kernel<<<1, 32>>>(stats.data_ptr<float>(), out.data_ptr<float>(), B, (float)smooth);
    return out;
}
