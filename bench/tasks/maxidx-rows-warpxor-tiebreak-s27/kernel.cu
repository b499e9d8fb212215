#include <cuda_runtime.h>
#include <cfloat>

// torch.max(x, dim=-1) -> (values, indices) for a 2-D input [rows, cols].
// One warp per row: blockDim = (32, ROWS_PER_BLOCK), threadIdx.y picks the row.
// Each lane scans a strided slice of the row (lane, lane + 32, ...), then the lanes
// combine their (value, index) pairs with an xor butterfly so every lane ends up
// holding the row's result. PyTorch returns the first index of the maximum.

#define WARP 32
#define ROWS_PER_BLOCK 8
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ void merge_pair(float& best_val, int& best_idx, float other_val, int other_idx) {
    if (other_val > best_val) {
        best_val = other_val;
        best_idx = other_idx;
    }
}

__device__ __forceinline__ void warp_argmax(float& val, int& idx) {
#pragma unroll
    for (int mask = WARP / 2; mask > 0; mask >>= 1) {
        const float ov = __shfl_xor_sync(FULL_MASK, val, mask);
        const int oi = __shfl_xor_sync(FULL_MASK, idx, mask);
        merge_pair(val, idx, ov, oi);
    }
}

__global__ void max_dim_last_kernel(const float* __restrict__ x,
                                    float* __restrict__ values,
                                    long long* __restrict__ indices,
                                    const int rows, const int cols) {
    const int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.y;
    const int lane = threadIdx.x;
    if (row >= rows) return;   // the whole warp leaves together

    const float* xr = x + (size_t)row * cols;
    float best_val = -FLT_MAX;
    int best_idx = 0;
    for (int j = lane; j < cols; j += WARP) {
        const float v = xr[j];
        if (v > best_val) {     // strictly greater: keeps this lane's first occurrence
            best_val = v;
            best_idx = j;
        }
    }

    warp_argmax(best_val, best_idx);
    if (lane == 0) {
        values[row] = best_val;
        indices[row] = (long long)best_idx;
    }
}
