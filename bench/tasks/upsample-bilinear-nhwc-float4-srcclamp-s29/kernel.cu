#include <torch/extension.h>
#include <cuda_runtime.h>

// F.interpolate(x, size=(OH, OW), mode="bilinear", align_corners=False) for a channels-last
// (NHWC) tensor: x is [N, H, W, C], y is [N, OH, OW, C], C % 4 == 0.
// align_corners=False maps an output pixel to the source coordinate
//   src = (dst + 0.5) * (in / out) - 0.5, clamped below at 0,
// then blends the two neighbours i0 = floor(src) and i1 = min(i0 + 1, in - 1).
//
// Launch: block (32, 4); threadIdx.y + 4 * blockIdx.x -> output column, blockIdx.y -> output
// row, blockIdx.z -> image; threadIdx.x walks over the channels four at a time (float4).

__device__ __forceinline__ void source_taps(int dst, float scale, int in_size,
                                            int& i0, int& i1, float& w0, float& w1) {
    float src = ((float)dst + 0.5f) * scale - 0.5f;
    i0 = (int)src;
    i1 = (i0 < in_size - 1) ? i0 + 1 : i0;
    w1 = src - (float)i0;
    w0 = 1.0f - w1;
}

__device__ __forceinline__ float4 blend4(float4 a, float4 b, float wa, float wb) {
    return make_float4(wa * a.x + wb * b.x, wa * a.y + wb * b.y,
                       wa * a.z + wb * b.z, wa * a.w + wb * b.w);
}

__global__ void upsample_bilinear_nhwc_kernel(const float* __restrict__ x,
                                              float* __restrict__ y,
                                              int H, int W, int C, int OH, int OW,
                                              float scale_h, float scale_w) {
    const int ow = blockIdx.x * blockDim.y + threadIdx.y;
    const int oh = blockIdx.y;
    const int n = blockIdx.z;
    if (ow >= OW) return;

    const int C4 = C >> 2;
    int h0, h1, w0, w1;
    float lh0, lh1, lw0, lw1;
    source_taps(oh, scale_h, H, h0, h1, lh0, lh1);
    source_taps(ow, scale_w, W, w0, w1, lw0, lw1);

    const float4* __restrict__ xn = reinterpret_cast<const float4*>(x) + (size_t)n * H * W * C4;
    const float4* __restrict__ r0 = xn + (size_t)h0 * W * C4;
    const float4* __restrict__ r1 = xn + (size_t)h1 * W * C4;
    float4* __restrict__ out = reinterpret_cast<float4*>(y) + (((size_t)n * OH + oh) * OW + ow) * C4;

    for (int q = threadIdx.x; q < C4; q += blockDim.x) {
        const float4 top = blend4(r0[(size_t)w0 * C4 + q], r0[(size_t)w1 * C4 + q], lw0, lw1);
        const float4 bot = blend4(r1[(size_t)w0 * C4 + q], r1[(size_t)w1 * C4 + q], lw0, lw1);
        out[q] = blend4(top, bot, lh0, lh1);
    }
}

torch::Tensor upsample_bilinear_nhwc(torch::Tensor x, int64_t OH, int64_t OW) {
    const int N = x.size(0), H = x.size(1), W = x.size(2), C = x.size(3);
    TORCH_CHECK(C % 4 == 0, "C must be a multiple of 4");
    auto y = torch::empty({N, OH, OW, C}, x.options());
    dim3 block(32, 4);
    dim3 grid((OW + 3) / 4, OH, N);
    upsample_bilinear_nhwc_kernel<<<grid, block>>>(x.data_ptr<float>(), y.data_ptr<float>(),
                                                   H, W, C, (int)OH, (int)OW,
                                                   (float)H / (float)OH, (float)W / (float)OW);
    return y;
}
