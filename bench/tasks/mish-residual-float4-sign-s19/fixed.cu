#include <cuda_runtime.h>
#include <math.h>

// numerically stable softplus: log(1 + e^v) = max(v, 0) + log1p(e^-|v|)
__device__ __forceinline__ float softplus_stable(float v) {
    return fmaxf(v, 0.0f) + log1pf(expf(-fabsf(v)));
}

__device__ __forceinline__ float mish(float v) { return v * tanhf(softplus_stable(v)); }

// out = residual + mish(x + bias[col]) over a dense [rows, cols] activation, flattened.
// Grid-stride over float4 chunks, then a scalar grid-stride pass over the total % 4 tail.
__global__ void bias_mish_residual_vec4(const float* __restrict__ x, const float* __restrict__ bias,
                                        const float* __restrict__ residual, float* __restrict__ out,
                                        long long total, int cols) {
    const long long nvec = total / 4;
    const long long stride = (long long)gridDim.x * blockDim.x;
    const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const float4* __restrict__ x4 = reinterpret_cast<const float4*>(x);
    const float4* __restrict__ r4 = reinterpret_cast<const float4*>(residual);
    float4* __restrict__ o4 = reinterpret_cast<float4*>(out);

    for (long long v = tid; v < nvec; v += stride) {
        const float4 a = x4[v];
        const float4 r = r4[v];
        const long long e = v * 4;
        float4 o;
        o.x = r.x + mish(a.x + bias[(e + 0) % cols]);
        o.y = r.y + mish(a.y + bias[(e + 1) % cols]);
        o.z = r.z + mish(a.z + bias[(e + 2) % cols]);
        o.w = r.w + mish(a.w + bias[(e + 3) % cols]);
        o4[v] = o;
    }
    for (long long i = nvec * 4 + tid; i < total; i += stride)
        out[i] = residual[i] + mish(x[i] + bias[i % cols]);
}
