// Attention probabilities for one head: P[h, :] = softmax(scale * q[h, :] . K^T).
// One warp (32 threads) per query row; the S scores are staged in dynamic shared memory.
__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__global__ void attn_probs(const float* __restrict__ q, const float* __restrict__ k,
                           float* __restrict__ probs, int S, int D, float scale) {
    extern __shared__ float sc[];
    const int h = blockIdx.x;
    const int lane = threadIdx.x;
    const float* qh = q + (size_t)h * D;

    for (int s = lane; s < S; s += 32) {
        const float* ks = k + (size_t)s * D;
        float dot = 0.0f;
        for (int d = 0; d < D; ++d) dot += qh[d] * ks[d];
        sc[s] = dot * scale;
    }
    __syncwarp();

    float denom = 0.0f;
    for (int s = lane; s < S; s += 32) {
        const float e = __expf(sc[s]);
        sc[s] = e;
        denom += e;
    }
    denom = warp_sum(denom);

    const float r = 1.0f / denom;
    float* ph = probs + (size_t)h * S;
    for (int s = lane; s < S; s += 32) ph[s] = sc[s] * r;
}
