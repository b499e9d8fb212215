#include <cuda_fp16.h>
#include <cuda_runtime.h>

// hardswish(v) = v * relu6(v + 3) / 6
__device__ __forceinline__ float hardswish_f(float v) {
    const float inv6 = 1 / 6;
    return v * fminf(fmaxf(v + 3.0f, 0.0f), 6.0f) * inv6;
}

// y = hardswish(x * scale) on a flat fp16 buffer of n elements.
// Thread i converts one __half2 pair; thread 0 also handles the odd last element.
__global__ void scaled_hardswish_h2(const __half* __restrict__ x, __half* __restrict__ y,
                                    float scale, unsigned n) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned npairs = n >> 1;
    if (i < npairs) {
        const float2 f = __half22float2(reinterpret_cast<const __half2*>(x)[i]);
        reinterpret_cast<__half2*>(y)[i] =
            __floats2half2_rn(hardswish_f(f.x * scale), hardswish_f(f.y * scale));
    }
    if (i == 0 && (n & 1u)) y[n - 1] = __float2half(hardswish_f(__half2float(x[n - 1]) * scale));
}
