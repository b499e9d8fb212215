#include <cuda_runtime.h>

#define BLOCK_SIZE 256
#define WARP_SIZE 32

__device__ __forceinline__ float hard_sigmoid(float v) {
    return fminf(fmaxf(v * (1.0f / 6.0f) + 0.5f, 0.0f), 1.0f);
}

// Sum of plane[h][w] over the inclusive window [h0, h1] x [w0, w1].
__device__ __forceinline__ float window_sum(const float* __restrict__ plane, int W,
                                            int h0, int h1, int w0, int w1) {
    float s = 0.0f;
    for (int ih = h0; ih <= h1; ++ih) {
        const float* __restrict__ rowp = plane + ih * W;
        for (int iw = w0; iw < w1; ++iw) s += rowp[iw];
    }
    return s;
}

// AvgPool2d(kernel_size, stride, padding, count_include_pad=False) + HardSigmoid, NCHW.
// 2-D launch: x over output columns, y over output rows, z over N*C planes.
__global__ void avgpool2d_hardsigmoid_kernel(const float* __restrict__ input,
                                             float* __restrict__ output,
                                             int H, int W, int H_out, int W_out,
                                             int kernel_size, int stride, int padding) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    const int nc = blockIdx.z;
    if (ow >= W_out || oh >= H_out) return;

    // inclusive window bounds, clipped to the image
    int h0 = oh * stride - padding;
    int w0 = ow * stride - padding;
    const int h1 = min(h0 + kernel_size - 1, H - 1);
    const int w1 = min(w0 + kernel_size - 1, W - 1);
    h0 = max(h0, 0);
    w0 = max(w0, 0);

    const float* __restrict__ plane = input + (size_t)nc * H * W;
    const float s = window_sum(plane, W, h0, h1, w0, w1);
    const int count = (h1 - h0 + 1) * (w1 - w0 + 1);
    output[((size_t)nc * H_out + oh) * W_out + ow] = hard_sigmoid(s / (float)count);
}
