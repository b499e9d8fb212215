#include <torch/extension.h>
#include <cuda_runtime.h>

// torch.cumprod(x, dim=-1) for x: [R, L] f32.
// One warp per row, ROWS_PER_CTA rows per block on a (32, ROWS_PER_CTA) block. The warp walks
// its row in 32-wide chunks: a Hillis-Steele inclusive product scan over shuffles, scaled by
// the running product of the previous chunks (carried in every lane).

namespace {
constexpr int kWarp = 32;
constexpr int ROWS_PER_CTA = 4;
constexpr unsigned kAll = 0xffffffffu;
}

__device__ __forceinline__ float warp_inclusive_prod(float v, int lane) {
#pragma unroll
    for (int d = 1; d < kWarp; d <<= 1) {
        const float up = __shfl_up_sync(kAll, v, d);
        v *= (lane >= d) ? up : 0.0f;
    }
    return v;
}

__global__ void cumprod_lastdim(const float* __restrict__ x, float* __restrict__ y, int R, int L) {
    const int lane = threadIdx.x;
    const int row = blockIdx.x * ROWS_PER_CTA + threadIdx.y;
    if (row >= R) return;

    const float* xr = x + (size_t)row * L;
    float* yr = y + (size_t)row * L;

    float carry = 1.0f;
    for (int base = 0; base < L; base += kWarp) {
        const int j = base + lane;
        float v = (j < L) ? xr[j] : 1.0f;
        v = warp_inclusive_prod(v, lane) * carry;
        if (j < L) yr[j] = v;
        carry = __shfl_sync(kAll, v, kWarp - 1);
    }
}

torch::Tensor cumprod_last(torch::Tensor x) {
    const int L = x.size(-1);
    const int R = x.numel() / L;
    auto y = torch::empty_like(x);
    dim3 block(kWarp, ROWS_PER_CTA);
    dim3 grid((R + ROWS_PER_CTA - 1) / ROWS_PER_CTA);
    cumprod_lastdim<<<grid, block>>>(x.data_ptr<float>(), y.data_ptr<float>(), R, L);
    return y;
}
