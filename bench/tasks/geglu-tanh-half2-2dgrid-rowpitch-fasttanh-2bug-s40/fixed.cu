// GEGLU (Shazeer 2020), as in diffusers' GEGLU / T5 gated-gelu feed-forward:
//   h, gate = x.chunk(2, dim=-1);  y = h * gelu_tanh(gate)
// x: [rows, 2*D] half, y: [rows, D] half, D even.
// Vectorised over __half2: one thread per output pair; the math is done in fp32.
// grid = (ceil((D/2) / 128), rows), block = 128.

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define GEGLU_THREADS 128

// 0.5 * g * (1 + tanh(sqrt(2/pi) * (g + 0.044715 g^3)))
__device__ __forceinline__ float gelu_tanh_f32(float g) {
    const float k0 = 0.7978845608028654f;
    const float k1 = 0.044715f;
    const float u = k0 * fmaf(k1 * g, g * g, g);
    // tanh(u) = 1 - 2 / (exp(2u) + 1): one exp instead of tanhf
    const float e = __expf(2.0f * u);
    const float t = 1.0f - 2.0f / (e + 1.0f);
    return 0.5f * g * (1.0f + t);
}

__global__ void geglu_half2_kernel(const __half* __restrict__ x, __half* __restrict__ y,
                                   int rows, int D) {
    const int row = blockIdx.y;
    const int j = blockIdx.x * GEGLU_THREADS + threadIdx.x;   // pair index within the row
    const int pairs = D >> 1;
    if (row >= rows || j >= pairs) return;

    const __half2* xin = reinterpret_cast<const __half2*>(x) + (size_t)row * (2 * pairs);
    __half2* yout = reinterpret_cast<__half2*>(y) + (size_t)row * pairs;

    const float2 h = __half22float2(xin[j]);           // first half of the row
    const float2 g = __half22float2(xin[pairs + j]);   // second half: the gate
    const float lo = h.x * gelu_tanh_f32(g.x);
    const float hi = h.y * gelu_tanh_f32(g.y);
    yout[j] = __floats2half2_rn(lo, hi);
}
