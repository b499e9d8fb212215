#include <cuda_runtime.h>
#include <stdint.h>

// Dequantize + nn.AdaptiveAvgPool2d((OH, OW)) on a uint8 [NC, H, W] tensor:
//   y[p][oh][ow] = scale * (mean of x over the adaptive window - zero_point)   (f32 output)
// Window bounds as in ATen: [floor(o * in / out), ceil((o + 1) * in / out)).
__device__ __forceinline__ int start_index(int o, int out, int in) { return (o * in) / out; }
__device__ __forceinline__ int end_index(int o, int out, int in) { return ((o + 1) * in + out - 1) / out; }

__device__ __forceinline__ float dequant_mean(int acc, int cnt, float scale, int zp) {
    return ((float)acc / cnt - zp) * scale;
}

__global__ void adaptive_avgpool2d_u8(const uint8_t* __restrict__ x, float* __restrict__ y,
                                      int H, int W, int OH, int OW, float scale, int zero_point) {
    const int ow = blockIdx.x * blockDim.x + threadIdx.x;
    const int oh = blockIdx.y * blockDim.y + threadIdx.y;
    const int p = blockIdx.z;
    if (ow >= OW || oh >= OH) return;

    const int h0 = start_index(oh, OH, H), h1 = end_index(oh, OH, H);
    const int w0 = start_index(ow, OW, W), w1 = end_index(ow, OW, W);
    const uint8_t* __restrict__ xp = x + (size_t)p * H * W;
    int acc = 0;
    for (int h = h0; h < h1; ++h)
        for (int w = w0; w < w1; ++w) acc += xp[h * W + w];
    y[((size_t)p * OH + oh) * OW + ow] = dequant_mean(acc, (h1 - h0) * (w1 - w0), scale, zero_point);
}
