#include <cuda_runtime.h>
#include <cfloat>
#include <climits>
#include <cstdint>

// torch.argmin(x, dim=-1) for a contiguous [rows, cols] float32 tensor -> int64 indices.
// One warp per row, WARPS rows per block (blockDim = 32 x WARPS), butterfly merge.

__device__ __forceinline__ void argmin_merge(float& best, int& best_i, float v, int i) {
    // smaller value wins; on ties the lower index wins (torch returns the first minimum)
    if (v < best || (v == best && i < best_i)) {
        best = v;
        best_i = i;
    }
}

template <int WARPS>
__global__ void argmin_lastdim_warp(const float* __restrict__ x, int64_t* __restrict__ out,
                                    int rows, int cols) {
    const int row = blockIdx.x * WARPS + threadIdx.y;
    if (row >= rows) return;  // whole warp leaves together
    const float* __restrict__ xr = x + (size_t)row * cols;

    float best = FLT_MAX;
    int best_i = INT_MAX;
    for (int c = threadIdx.x; c < cols; c += 32) argmin_merge(best, best_i, __ldg(xr + c), c);

#pragma unroll
    for (int off = 16; off > 0; off >>= 1) {
        const float ov = __shfl_xor_sync(0xffffffffu, best, off);
        const int oi = __shfl_xor_sync(0xffffffffu, best_i, off);
        argmin_merge(best, best_i, ov, oi);
    }
    if (threadIdx.x == 0) out[row] = (int64_t)best_i;
}

template __global__ void argmin_lastdim_warp<4>(const float* __restrict__, int64_t* __restrict__, int, int);
