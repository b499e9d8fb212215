// Group-wise symmetric int8 quantisation (per-group absmax, as in LLM.int8 / GPTQ-style
// weight packing):
//   for every group of QGROUP consecutive elements of a row of x [R, C] (fp16):
//     scale = max|x| / 127,   q = clamp(rint(x / scale), -127, 127)
//   q: [R, C] int8, scales: [R, C / QGROUP] float32.
//
// One warp per group: every lane loads one __half2 (QGROUP = 64 halves = 32 pairs), the
// absmax is combined with an xor butterfly over the lanes of the group.
// grid = ceil(R * C / QGROUP / 4), block = 32 x 4 (threadIdx.y picks the group).

#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define QGROUP 64
#define QMAX 127.0f
#define FULL_MASK 0xffffffffu

template <int LANES>
__device__ __forceinline__ float group_absmax(float v) {
#pragma unroll
    for (int off = LANES / 2; off > 0; off >>= 1)
        v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, off));
    return v;
}

__device__ __forceinline__ int8_t quantize_one(float v, float inv) {
    int q = __float2int_rn(v * inv);
    q = max(-127, min(127, q));
    return (int8_t)q;
}

__global__ void quant_int8_group_absmax(const __half* __restrict__ x, int8_t* __restrict__ q,
                                        float* __restrict__ scales, int num_groups) {
    const int g = blockIdx.x * blockDim.y + threadIdx.y;
    const int lane = threadIdx.x;
    if (g >= num_groups) return;   // the whole warp leaves together

    const __half2* xg = reinterpret_cast<const __half2*>(x + (size_t)g * QGROUP);
    const float2 v = __half22float2(xg[lane]);

    float amax = fmaxf(fabsf(v.x), fabsf(v.y));
    amax = group_absmax<QGROUP / 4>(amax);

    const float scale = amax / QMAX;
    const float inv = amax > 0.0f ? QMAX / amax : 0.0f;

    int8_t* qg = q + (size_t)g * QGROUP;
    qg[2 * lane] = quantize_one(v.x, inv);
    qg[2 * lane + 1] = quantize_one(v.y, inv);
    if (lane == 0) scales[g] = scale;
}
