// Length-masked weighted sum pooling over the sequence axis (attention-style pooling with
// precomputed weights):
//   out[b, :] = sum_{t < lengths[b]} w[b, t] * x[b, t, :]
//   x: [B, T, D] float32 (D % 4 == 0), w: [B, T] float32, lengths: [B] int32, out: [B, D]
//
// grid = (ceil((D/4) / 64), B), block = 64 threads. Each thread owns one float4 group of
// channels and walks the valid time steps. The weights of a batch row are staged through a
// shared tile of TILE_T entries, loaded cooperatively by the block.

#include <cuda_runtime.h>

#define TILE_T 64
#define POOL_THREADS 64

__device__ __forceinline__ void fma4(float4& acc, float s, const float4& v) {
    acc.x = fmaf(s, v.x, acc.x);
    acc.y = fmaf(s, v.y, acc.y);
    acc.z = fmaf(s, v.z, acc.z);
    acc.w = fmaf(s, v.w, acc.w);
}

__global__ void weighted_seqpool_f4(const float* __restrict__ x, const float* __restrict__ w,
                                    const int* __restrict__ lengths, float* __restrict__ out,
                                    int T, int D) {
    __shared__ float s_w[TILE_T];

    const int b = blockIdx.y;
    const int D4 = D >> 2;
    const int d4 = blockIdx.x * blockDim.x + threadIdx.x;
    const bool active = d4 < D4;   // inactive threads still help load s_w and hit the barriers

    const int len = min(max(lengths[b], 0), T);
    const float4* xb = reinterpret_cast<const float4*>(x + (size_t)b * T * D);
    const float* wb = w + (size_t)b * T;

    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int t0 = 0; t0 < len; t0 += TILE_T) {
        const int n = min(TILE_T, len - t0);
        for (int i = threadIdx.x; i < n; i += blockDim.x)
            s_w[i] = wb[t0 + i];
        __syncthreads();

        if (active) {
            const float4* xt = xb + (size_t)t0 * D4 + d4;
#pragma unroll 4
            for (int i = 0; i < n; ++i)
                fma4(acc, s_w[i], __ldg(xt + (size_t)i * D4));
        }
        __syncthreads();
    }

    if (active)
        reinterpret_cast<float4*>(out + (size_t)b * D)[d4] = acc;
}
