#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// RMSNorm (LLaMA style) over the last dim, half in / half out:
//   y = x * rsqrt(mean(x^2) + eps) * weight
// x, y: [rows, D] half, weight: [D] half, D even (rows are read as half2 pairs).
// One block of BLOCK threads per row; the block total goes through the warps'
// partials in dynamic shared memory (BLOCK / 32 floats).

constexpr unsigned kFull = 0xffffffffu;

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(kFull, v, o);
    return v;
}

template <int BLOCK>
__global__ void rmsnorm_f16_kernel(const __half* __restrict__ x,
                                   const __half* __restrict__ weight,
                                   __half* __restrict__ y,
                                   int D, float eps) {
    extern __shared__ float s_part[];
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int wid = tid >> 5;
    const int D2 = D >> 1;

    const __half2* xr = reinterpret_cast<const __half2*>(x + (size_t)blockIdx.x * D);
    const __half2* w2 = reinterpret_cast<const __half2*>(weight);
    __half2* yr = reinterpret_cast<__half2*>(y + (size_t)blockIdx.x * D);

    // sum of squares, two lanes at a time
    __half2 sq2 = __float2half2_rn(0.0f);
    for (int i = tid; i < D2; i += BLOCK) {
        const __half2 v = xr[i];
        sq2 = __hfma2(v, v, sq2);
    }
    float ss = __low2float(sq2) + __high2float(sq2);

    ss = warp_sum(ss);
    if (lane == 0) s_part[wid] = ss;
    __syncthreads();
    if (wid == 0) {
        float t = (lane < BLOCK / 32) ? s_part[lane] : 0.0f;
        t = warp_sum(t);
        if (lane == 0) s_part[0] = t;
    }
    __syncthreads();

    const float inv_rms = rsqrtf(s_part[0] / (float)D + eps);

    for (int i = tid; i < D2; i += BLOCK) {
        const float2 v = __half22float2(xr[i]);
        const float2 w = __half22float2(w2[i]);
        yr[i] = __floats2half2_rn(v.x * inv_rms * w.x, v.y * inv_rms * w.y);
    }
}

torch::Tensor rmsnorm_f16(torch::Tensor x, torch::Tensor weight, double eps) {
    const int D = x.size(-1);
    const int rows = x.numel() / D;
    auto y = torch::empty_like(x);
    constexpr int BLOCK = 64;
    rmsnorm_f16_kernel<BLOCK><<<rows, BLOCK, (BLOCK / 32) * sizeof(float)>>>(
        reinterpret_cast<const __half*>(x.data_ptr<at::Half>()),
        reinterpret_cast<const __half*>(weight.data_ptr<at::Half>()),
        reinterpret_cast<__half*>(y.data_ptr<at::Half>()), D, (float)eps);
    return y;
}
