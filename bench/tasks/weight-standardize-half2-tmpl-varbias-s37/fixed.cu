#include <cuda_runtime.h>
#include <cuda_fp16.h>

// Weight Standardization (the "StdConv2d" of BiT / ResNet-GN models) for fp16 conv weights:
//
//   w_hat[o, :] = (w[o, :] - mean_o) * rsqrt(var_o + eps)
//
// mean_o / var_o are taken over the fan-in (Cin * KH * KW) of output channel o, with the
// population variance, as in
//   var, mean = torch.var_mean(w, dim=[1, 2, 3], keepdim=True, unbiased=False)
//
// One block per output channel. The fan-in is read and written as __half2 pairs (the host
// side checks that it is even); statistics are kept in fp32 and reduced warp-then-block.

template <int BLOCK>
__device__ __forceinline__ float block_allreduce_sum(float v, float* red) {
    static_assert(BLOCK % 32 == 0 && BLOCK <= 1024, "BLOCK must be a multiple of 32");
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    if (lane == 0) red[warp] = v;
    __syncthreads();
    v = (lane < BLOCK / 32) ? red[lane] : 0.0f;
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    __syncthreads();  // red[] is reused by the next call
    return v;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
weight_standardize_f16(const __half* __restrict__ w, __half* __restrict__ w_hat,
                       int fan_in, float eps) {
    __shared__ float red[BLOCK / 32];

    const int oc = blockIdx.x;
    const int npairs = fan_in >> 1;
    const __half2* src = reinterpret_cast<const __half2*>(w + (size_t)oc * fan_in);
    __half2* dst = reinterpret_cast<__half2*>(w_hat + (size_t)oc * fan_in);

    // pass 1: mean
    float s = 0.0f;
    for (int p = threadIdx.x; p < npairs; p += BLOCK) {
        const float2 v = __half22float2(src[p]);
        s += v.x + v.y;
    }
    const float mean = block_allreduce_sum<BLOCK>(s, red) / (float)fan_in;

    // pass 2: variance around the mean
    float q = 0.0f;
    for (int p = threadIdx.x; p < npairs; p += BLOCK) {
        const float2 v = __half22float2(src[p]);
        const float dx = v.x - mean, dy = v.y - mean;
        q = fmaf(dx, dx, q);
        q = fmaf(dy, dy, q);
    }
    const float var = block_allreduce_sum<BLOCK>(q, red) / (float)fan_in;
    const float inv_std = rsqrtf(var + eps);

    // pass 3: standardise
    for (int p = threadIdx.x; p < npairs; p += BLOCK) {
        const float2 v = __half22float2(src[p]);
        dst[p] = __floats2half2_rn((v.x - mean) * inv_std, (v.y - mean) * inv_std);
    }
}

template __global__ void weight_standardize_f16<64>(const __half*, __half*, int, float);
