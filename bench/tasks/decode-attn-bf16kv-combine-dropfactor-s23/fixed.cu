// Single-query (decode step) attention over a bf16 KV cache, one block per
// (head, batch).  Each warp streams every kWarps-th key with an online softmax
// (running max m, running denominator l, running weighted V row), lanes own
// the head-dim pair (2*lane, 2*lane+1) as bfloat162; the warps' states are
// merged through shared memory at the end.
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <math.h>

namespace dec {

constexpr int kHeadDim = 64;
constexpr int kPairs = kHeadDim / 2;  // one bf16 pair per lane
constexpr int kWarps = 4;
constexpr unsigned kFull = 0xffffffffu;

__device__ __forceinline__ float warp_allsum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(kFull, v, o);
    return v;
}

}  // namespace dec

// Score-only kernel (q . k * scale for every key), kept for debugging dumps.
__global__ void decode_scores_bf16(const float* __restrict__ q, const __nv_bfloat16* __restrict__ k,
                                   float* __restrict__ scores, int L, float scale) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    const size_t bh = (size_t)blockIdx.z * gridDim.y + blockIdx.y;
    if (j >= L) return;
    float s = 0.f;
    for (int d = 0; d < dec::kHeadDim; ++d)
        s += q[bh * dec::kHeadDim + d] * __bfloat162float(k[(bh * L + j) * dec::kHeadDim + d]);
    scores[bh * L + j] = s * scale;
}

__global__ void __launch_bounds__(dec::kWarps * 32)
decode_attn_bf16kv(const float* __restrict__ q, const __nv_bfloat16* __restrict__ k,
                   const __nv_bfloat16* __restrict__ v, float* __restrict__ out, int L, float scale) {
    __shared__ float s_m[dec::kWarps];
    __shared__ float s_l[dec::kWarps];
    __shared__ float s_acc[dec::kWarps][dec::kHeadDim + 1];

    const int h = blockIdx.x;
    const int b = blockIdx.y;
    const int H = gridDim.x;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const size_t bh = (size_t)b * H + h;

    const float2 qv = reinterpret_cast<const float2*>(q)[bh * dec::kPairs + lane];
    const __nv_bfloat162* __restrict__ k2 = reinterpret_cast<const __nv_bfloat162*>(k);
    const __nv_bfloat162* __restrict__ v2 = reinterpret_cast<const __nv_bfloat162*>(v);
    const size_t row0 = bh * (size_t)L;

    float m = -INFINITY, l = 0.f, a0 = 0.f, a1 = 0.f;
    for (int j = warp; j < L; j += dec::kWarps) {
        const size_t at = (row0 + j) * dec::kPairs + lane;
        const float2 kf = __bfloat1622float2(k2[at]);
        const float s = dec::warp_allsum(fmaf(qv.x, kf.x, qv.y * kf.y)) * scale;
        const float m_new = fmaxf(m, s);
        const float alpha = __expf(m - m_new);
        const float p = __expf(s - m_new);
        const float2 vf = __bfloat1622float2(v2[at]);
        l = fmaf(l, alpha, p);
        a0 = fmaf(p, vf.x, a0 * alpha);
        a1 = fmaf(p, vf.y, a1 * alpha);
        m = m_new;
    }

    if (lane == 0) {
        s_m[warp] = m;
        s_l[warp] = l;
    }
    s_acc[warp][2 * lane] = a0;
    s_acc[warp][2 * lane + 1] = a1;
    __syncthreads();

    if (warp == 0) {
        float mx = s_m[0];
#pragma unroll
        for (int w = 1; w < dec::kWarps; ++w) mx = fmaxf(mx, s_m[w]);
        float den = 0.f, o0 = 0.f, o1 = 0.f;
#pragma unroll
        for (int w = 0; w < dec::kWarps; ++w) {
            const float f = __expf(s_m[w] - mx);
            den = fmaf(s_l[w], f, den);
            o0 = fmaf(s_acc[w][2 * lane], f, o0);
            o1 = fmaf(s_acc[w][2 * lane + 1], f, o1);
        }
        const float inv = 1.0f / den;
        reinterpret_cast<float2*>(out)[bh * dec::kPairs + lane] = make_float2(o0 * inv, o1 * inv);
    }
}
