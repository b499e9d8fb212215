#include <cuda_runtime.h>

__device__ __forceinline__ float relu(float v) { return v > 0.0f ? v : 0.0f; }

// Pointwise (1x1) convolution + bias + ReLU, NCHW.
//   x: [N, IC, HW], w: [OC, IC], b: [OC], y: [N, OC, HW]
// Each thread owns one pixel of one image and produces all OC output channels for it,
// so the IC input values it reads stay in L1 across the output channels.
// grid = (ceil(HW / blockDim.x), N)
__global__ void conv1x1_bias_relu_nchw(const float* __restrict__ x, const float* __restrict__ w,
                                       const float* __restrict__ b, float* __restrict__ y,
                                       int IC, int OC, int HW) {
    const int pix = blockIdx.x * blockDim.x + threadIdx.x;
    const int n = blockIdx.y;
    if (pix >= HW) return;

    const float* __restrict__ xp = x + (size_t)n * IC * HW + pix;
    float* __restrict__ yp = y + (size_t)n * OC * HW + pix;

    for (int oc = 0; oc < OC; ++oc) {
        float acc = 0.0f;
        const float* __restrict__ wr = w + (size_t)oc * IC;
        for (int ic = 0; ic < IC; ++ic)
            acc += wr[ic] * xp[(size_t)ic * HW];
        yp[(size_t)oc * HW] = relu(acc + b[oc]);
    }
}
