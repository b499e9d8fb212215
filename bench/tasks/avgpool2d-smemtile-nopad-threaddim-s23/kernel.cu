// nn.AvgPool2d(kernel_size=K, stride=S, padding=P, count_include_pad=False) on NCHW.
// A 32x8 block produces a 32-wide, 8-high output tile of one (n, c) plane;
// the tile's input footprint (with the zero halo) is staged in a padded
// shared array first, the divisor counts only in-image taps.
#include <cuda_runtime.h>

namespace pool {

constexpr int kTileW = 32;  // blockDim.x
constexpr int kTileH = 8;   // blockDim.y

template <int K, int S>
struct Footprint {
    static constexpr int kW = (kTileW - 1) * S + K;
    static constexpr int kH = (kTileH - 1) * S + K;
};

__device__ __forceinline__ int in_taps(int start, int K, int extent) {
    return min(start + K, extent) - max(start, 0);
}

}  // namespace pool

// global max pooling over H*W (one warp per plane), unused by this task
__global__ void global_max_pool_warp(const float* __restrict__ x, float* __restrict__ y, int planes, int HW) {
    const int plane = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    const int lane = threadIdx.x & 31;
    if (plane >= planes) return;
    float m = -INFINITY;
    for (int i = lane; i < HW; i += 32) m = fmaxf(m, __ldg(x + (size_t)plane * HW + i));
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    if (lane == 0) y[plane] = m;
}

template <int K, int S, int P>
__global__ void __launch_bounds__(pool::kTileW * pool::kTileH)
avg_pool2d_tiled(const float* __restrict__ x, float* __restrict__ y, int H, int W, int Hout, int Wout) {
    constexpr int kInW = pool::Footprint<K, S>::kW;
    constexpr int kInH = pool::Footprint<K, S>::kH;
    __shared__ float tile[kInH][kInW + 1];

    const int plane = blockIdx.z;
    const float* __restrict__ xp = x + (size_t)plane * H * W;
    const int ih0 = blockIdx.y * pool::kTileH * S - P;
    const int iw0 = blockIdx.x * pool::kTileW * S - P;

    for (int r = threadIdx.y; r < kInH; r += blockDim.x) {
        const int ih = ih0 + r;
        const bool row_in = ih >= 0 && ih < H;
        for (int c = threadIdx.x; c < kInW; c += blockDim.x) {
            const int iw = iw0 + c;
            tile[r][c] = (row_in && iw >= 0 && iw < W) ? __ldg(xp + (size_t)ih * W + iw) : 0.f;
        }
    }
    __syncthreads();

    const int ow = blockIdx.x * pool::kTileW + threadIdx.x;
    const int oh = blockIdx.y * pool::kTileH + threadIdx.y;
    if (ow >= Wout || oh >= Hout) return;

    float s = 0.f;
#pragma unroll
    for (int i = 0; i < K; ++i)
#pragma unroll
        for (int j = 0; j < K; ++j) s += tile[threadIdx.y * S + i][threadIdx.x * S + j];

    const int cnt = pool::in_taps(oh * S - P, K, H) * pool::in_taps(ow * S - P, K, W);
    y[((size_t)plane * Hout + oh) * Wout + ow] = s / (float)cnt;
}

template __global__ void avg_pool2d_tiled<3, 2, 1>(const float* __restrict__, float* __restrict__, int, int, int,
                                                   int);
