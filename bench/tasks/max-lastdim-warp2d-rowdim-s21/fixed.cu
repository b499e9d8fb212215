#include <cuda_runtime.h>
#include <cstdint>
#include <cfloat>

// torch.max(x, dim=-1) for x of shape (R, C) -> (values float (R), indices int64 (R)).
// One warp per row on a 2-D block (32 lanes x WARPS_PER_BLOCK rows); the row's running
// (value, index) pairs are merged with an xor butterfly, ties going to the lower index.
constexpr int WARPS_PER_BLOCK = 4;

__device__ __forceinline__ void argmax_merge(float& v, int& i, float ov, int oi) {
    if (ov > v || (ov == v && oi < i)) { v = ov; i = oi; }
}

__global__ void max_lastdim_kernel(const float* __restrict__ x, float* __restrict__ vals,
                                   int64_t* __restrict__ idx, int R, int C) {
    const int lane = threadIdx.x;
    const int row = blockIdx.x * blockDim.y + threadIdx.y;
    if (row >= R) return;

    const float* __restrict__ xr = x + (size_t)row * C;
    float best = -FLT_MAX;
    int best_i = C;
    for (int j = lane; j < C; j += blockDim.x) {
        const float v = xr[j];
        if (v > best) { best = v; best_i = j; }
    }
#pragma unroll
    for (int mask = 16; mask > 0; mask >>= 1) {
        const float ov = __shfl_xor_sync(0xffffffffu, best, mask);
        const int oi = __shfl_xor_sync(0xffffffffu, best_i, mask);
        argmax_merge(best, best_i, ov, oi);
    }
    if (lane == 0) {
        vals[row] = best;
        idx[row] = (int64_t)best_i;
    }
}
