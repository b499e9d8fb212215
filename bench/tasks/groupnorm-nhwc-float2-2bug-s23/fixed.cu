// GroupNorm (affine) on a channels-last (N, H, W, C) activation.
// One 256-thread block per (group, sample); the group's Cg channels of every
// pixel are walked as float2 pairs (Cg is even), two-pass statistics.
#include <cuda_runtime.h>

namespace gn {

constexpr int kThreads = 256;
constexpr unsigned kFull = 0xffffffffu;

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(kFull, v, o);
    return v;
}

// Every thread gets the block total; red[] is free again on return.
__device__ __forceinline__ float block_sum(float v, float* red) {
    v = warp_sum(v);
    const int lane = threadIdx.x & 31;
    const int wid = threadIdx.x >> 5;
    if (lane == 0) red[wid] = v;
    __syncthreads();
    const int nw = (blockDim.x + 31) >> 5;
    v = lane < nw ? red[lane] : 0.f;
    v = warp_sum(v);
    __syncthreads();
    return v;
}

// float2 index of pair q of the group: pixel q / halfCg, pair q % halfCg,
// pixels halfC float2s apart.
__device__ __forceinline__ int pair_index(int q, int halfCg, int halfC) {
    return (q / halfCg) * halfC + (q % halfCg);
}

// mean and biased variance of the group, both passes over the float2 view
__device__ __forceinline__ float2 group_moments(const float2* __restrict__ x2, int npairs, int halfCg,
                                                int halfC, float* red) {
    const float inv_cnt = 1.0f / (float)(2 * npairs);
    float s = 0.f;
    for (int q = threadIdx.x; q < npairs; q += blockDim.x) {
        const float2 v = x2[pair_index(q, halfCg, halfC)];
        s += v.x + v.y;
    }
    const float mean = block_sum(s, red) * inv_cnt;
    float ss = 0.f;
    for (int q = threadIdx.x; q < npairs; q += blockDim.x) {
        const float2 v = x2[pair_index(q, halfCg, halfC)];
        const float a = v.x - mean, b = v.y - mean;
        ss = fmaf(a, a, fmaf(b, b, ss));
    }
    const float var = block_sum(ss, red) * inv_cnt;
    return make_float2(mean, var);
}

}  // namespace gn

// NCHW flavour, scalar path (unused by this task)
__global__ void group_norm_nchw(const float* __restrict__ x, const float* __restrict__ gamma,
                                const float* __restrict__ beta, float* __restrict__ y, int HW, int C, int G,
                                float eps) {
    __shared__ float red[32];
    const int g = blockIdx.x, n = blockIdx.y, Cg = C / G;
    const int cnt = Cg * HW;
    const size_t base = ((size_t)n * C + (size_t)g * Cg) * HW;
    float s = 0.f;
    for (int i = threadIdx.x; i < cnt; i += blockDim.x) s += x[base + i];
    const float mean = gn::block_sum(s, red) / cnt;
    float ss = 0.f;
    for (int i = threadIdx.x; i < cnt; i += blockDim.x) { const float d = x[base + i] - mean; ss += d * d; }
    const float rstd = rsqrtf(gn::block_sum(ss, red) / cnt + eps);
    for (int i = threadIdx.x; i < cnt; i += blockDim.x) {
        const int c = g * Cg + i / HW;
        y[base + i] = (x[base + i] - mean) * rstd * gamma[c] + beta[c];
    }
}

__global__ void __launch_bounds__(gn::kThreads)
group_norm_nhwc_f2(const float* __restrict__ x, const float* __restrict__ gamma, const float* __restrict__ beta,
                   float* __restrict__ y, int HW, int C, int G, float eps) {
    __shared__ float red[32];

    const int g = blockIdx.x;
    const int n = blockIdx.y;
    const int Cg = C / G;
    const int halfCg = Cg >> 1;
    const int halfC = C >> 1;
    const int npairs = HW * halfCg;

    // float2 offset of channel g*Cg of pixel 0 of sample n
    const size_t base2 = ((size_t)n * HW * C + (size_t)g * Cg) >> 1;
    const float2* __restrict__ x2 = reinterpret_cast<const float2*>(x);
    float2* __restrict__ y2 = reinterpret_cast<float2*>(y);

    const float2 mv = gn::group_moments(x2 + base2, npairs, halfCg, halfC, red);
    const float mean = mv.x;
    const float rstd = rsqrtf(mv.y + eps);

    for (int q = threadIdx.x; q < npairs; q += blockDim.x) {
        const size_t k = base2 + gn::pair_index(q, halfCg, halfC);
        const int c = g * Cg + 2 * (q % halfCg);
        const float2 v = x2[k];
        float2 o;
        o.x = fmaf((v.x - mean) * rstd, __ldg(gamma + c), __ldg(beta + c));
        o.y = fmaf((v.y - mean) * rstd, __ldg(gamma + c + 1), __ldg(beta + c + 1));
        y2[k] = o;
    }
}
