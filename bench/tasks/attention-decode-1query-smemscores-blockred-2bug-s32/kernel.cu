#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

// Single-token decode attention over a KV cache (one query per (batch, head)):
//   out[b, h, :] = softmax(q[b, h] . K[b, h, t]^T * scale over t) @ V[b, h]
//   q: [B, H, D], K, V: [B, H, T, D], out: [B, H, D];  T <= MAX_T, D <= NTHREADS
// One block of NTHREADS per (b, h). Warps compute the scores (one key per warp at a time,
// lanes stride over D), the block reduces the max and the sum of exponentials through
// a shared-memory helper, then thread d accumulates output dimension d.

#define NTHREADS 128
#define NWARPS (NTHREADS / 32)
#define MAX_T 1024
#define FULL 0xffffffffu

__device__ __forceinline__ float warp_sum(float v) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(FULL, v, off);
    return v;
}

__device__ __forceinline__ float warp_max(float v) {
    for (int off = 16; off > 0; off >>= 1) v = fmaxf(v, __shfl_xor_sync(FULL, v, off));
    return v;
}

// block-wide reduction, result returned to every thread; red has NWARPS floats
template <bool IS_MAX>
__device__ float block_allreduce(float v, float* red) {
    const int lane = threadIdx.x & 31;
    const int wid = threadIdx.x >> 5;
    __syncthreads();  // red may still be read by a previous call
    v = IS_MAX ? warp_max(v) : warp_sum(v);
    if (lane == 0) red[wid] = v;
    __syncthreads();
    if (wid == 0) {
        float r = (lane < NWARPS) ? red[lane] : (IS_MAX ? -INFINITY : 0.0f);
        r = IS_MAX ? warp_max(r) : warp_sum(r);
        if (lane == 0) red[0] = r;
    }
    return red[0];
}

__global__ void decode_attention_kernel(const float* __restrict__ q,
                                        const float* __restrict__ k,
                                        const float* __restrict__ v,
                                        float* __restrict__ out,
                                        int T, int D, float scale) {
    __shared__ float scores[MAX_T];
    __shared__ float red[NWARPS];
    const int bh = blockIdx.x;
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int wid = tid >> 5;

    const float* __restrict__ qv = q + (size_t)bh * D;
    const float* __restrict__ kb = k + (size_t)bh * T * D;
    const float* __restrict__ vb = v + (size_t)bh * T * D;

    // 1. scores, one key per warp
    for (int t = wid; t < T; t += NWARPS) {
        float s = 0.0f;
        for (int d = lane; d < D; d += 32) s += qv[d] * kb[(size_t)t * D + d];
        s = warp_sum(s);
        if (lane == 0) scores[t] = s * scale;
    }
    __syncthreads();

    // 2. max
    float m = -INFINITY;
    for (int t = tid; t < T; t += NTHREADS) m = fmaxf(m, scores[t]);
    m = block_allreduce<true>(m, red);

    // 3. exponentials (kept in smem) and their sum
    float l = 0.0f;
    for (int t = tid; t < T; t += 32) {
        const float p = __expf(scores[t] - m);
        scores[t] = p;
        l += p;
    }
    l = block_allreduce<false>(l, red);

    // 4. weighted sum of V
    const float inv_l = 1.0f / l;
    for (int d = tid; d < D; d += NTHREADS) {
        float acc = 0.0f;
        for (int t = 0; t < T; ++t) acc += scores[t] * vb[(size_t)t * D + d];
        out[(size_t)bh * D + d] = acc * inv_l;
    }
}

torch::Tensor decode_attention(torch::Tensor q, torch::Tensor k, torch::Tensor v) {
    const int B = q.size(0), H = q.size(1), D = q.size(2), T = k.size(2);
    TORCH_CHECK(T <= MAX_T && D <= NTHREADS, "unsupported shape");
    auto out = torch::empty_like(q);
    decode_attention_kernel<<<B * H, NTHREADS>>>(q.data_ptr<float>(), k.data_ptr<float>(), v.data_ptr<float>(),
                                                 out.data_ptr<float>(), T, D, 1.0f / sqrtf((float)D));
    return out;
}
