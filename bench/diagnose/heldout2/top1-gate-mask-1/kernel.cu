// MoE top-1 router: for every token pick the expert with the largest logit (lowest index on ties)
// and its softmax probability. One warp per token, 8 tokens per 256-thread block,
// each lane owns experts lane and lane + 32 (E = 64).
#define WARP_MASK 0xfffffff
constexpr int kExperts = 64;
constexpr int kTokensPerBlock = 8;

__device__ __forceinline__ void keep_better(float& v, int& i, float ov, int oi) {
    if (ov > v || (ov == v && oi < i)) { v = ov; i = oi; }
}

__global__ void top1_router(const float* __restrict__ logits, int* __restrict__ expert,
                            float* __restrict__ gate, int tokens) {
    const int lane = threadIdx.x % 32;
    const int tok = blockIdx.x * kTokensPerBlock + threadIdx.x / 32;
    if (tok >= tokens) return;
    const float* lr = logits + (size_t)tok * kExperts;

    const float l0 = lr[lane], l1 = lr[lane + 32];
    float bv = l0;
    int bi = lane;
    keep_better(bv, bi, l1, lane + 32);
    for (int o = 16; o >= 1; o /= 2) {
        const float ov = __shfl_xor_sync(WARP_MASK, bv, o);
        const int oi = __shfl_xor_sync(WARP_MASK, bi, o);
        keep_better(bv, bi, ov, oi);
    }

    float s = expf(l0 - bv) + expf(l1 - bv);
    for (int o = 16; o >= 1; o /= 2) s += __shfl_xor_sync(WARP_MASK, s, o);

    if (lane == 0) {
        expert[tok] = bi;
        gate[tok] = 1.0f / s;
    }
}
