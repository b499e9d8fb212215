#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <math.h>

// Switch-Transformer style top-1 router:
//   probs        = softmax(router_logits[t, :])           (over E experts)
//   expert[t]    = argmax_e probs[t, e]                    (first index on ties, as torch.argmax)
//   gate[t]      = max_e probs[t, e] = 1 / sum_e exp(logits[t, e] - max_e logits[t, e])
//
// One warp per token (block = 32 x TOKENS_PER_BLOCK, threadIdx.y picks the token), each lane
// strides over the experts, then (max, argmax) and the exp-sum are combined with xor butterflies.

#define TOKENS_PER_BLOCK 4
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float to_float(float v) { return v; }
__device__ __forceinline__ float to_float(__half v) { return __half2float(v); }

__device__ __forceinline__ void argmax_merge(float& v, int& i, float ov, int oi) {
    if (ov > v || (ov == v && oi < i)) {
        v = ov;
        i = oi;
    }
}

template <typename scalar_t>
__global__ void top1_gating_kernel(const scalar_t* __restrict__ logits, int* __restrict__ expert,
                                   float* __restrict__ gate, int num_tokens, int num_experts) {
    const int lane = threadIdx.x;
    const int token = blockIdx.x * TOKENS_PER_BLOCK + threadIdx.y;
    if (token >= num_tokens) return;
    const scalar_t* row = logits + (size_t)token * num_experts;

    // per-lane running (max, argmax); lanes visit experts in increasing order, '>' keeps the first
    float best = 0.0f;
    int best_idx = 0;
    for (int e = lane; e <= num_experts; e += 32) {
        const float z = to_float(row[e]);
        if (z > best) {
            best = z;
            best_idx = e;
        }
    }
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        const float ov = __shfl_xor_sync(FULL_MASK, best, off);
        const int oi = __shfl_xor_sync(FULL_MASK, best_idx, off);
        argmax_merge(best, best_idx, ov, oi);
    }

    float sum = 0.0f;
    for (int e = lane; e <= num_experts; e += 32) sum += expf(to_float(row[e]) - best);
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) sum += __shfl_xor_sync(FULL_MASK, sum, off);

    if (lane == 0) {
        expert[token] = best_idx;
        gate[token] = 1.0f / sum;
    }
}

template __global__ void top1_gating_kernel<__half>(const __half*, int*, float*, int, int);
template __global__ void top1_gating_kernel<float>(const float*, int*, float*, int, int);

std::vector<torch::Tensor> top1_gating(torch::Tensor router_logits) {
    TORCH_CHECK(router_logits.is_cuda() && router_logits.dim() == 2 && router_logits.is_contiguous());
    const int T = router_logits.size(0), E = router_logits.size(1);
    auto expert = torch::empty({T}, router_logits.options().dtype(torch::kInt32));
    auto gate = torch::empty({T}, router_logits.options().dtype(torch::kFloat32));
    const dim3 block(32, TOKENS_PER_BLOCK);
    const dim3 grid((T + TOKENS_PER_BLOCK - 1) / TOKENS_PER_BLOCK);
    if (router_logits.scalar_type() == torch::kHalf) {
        top1_gating_kernel<__half><<<grid, block>>>(
            reinterpret_cast<const __half*>(router_logits.data_ptr<at::Half>()),
            expert.data_ptr<int>(), gate.data_ptr<float>(), T, E);
    } else {
        top1_gating_kernel<float><<<grid, block>>>(router_logits.data_ptr<float>(), expert.data_ptr<int>(),
                                                   gate.data_ptr<float>(), T, E);
    }
    return {expert, gate};
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("top1_gating", &top1_gating, "top-1 MoE router (expert index, gate probability)");
}
