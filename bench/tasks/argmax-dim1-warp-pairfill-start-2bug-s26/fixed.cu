#include <cuda_runtime.h>
#include <cfloat>
#include <climits>

// torch.argmax(log_probs, dim=1) for a [B, C, L] tensor -> int64 [B, L].
// One warp per output position (b, l), warps walk the outputs grid-stride.
// Lanes read two channels per step (c and c + 32) for ILP, then the (value, index)
// pairs are reduced across the warp; ties resolve to the smaller channel (first max).

#define BLOCK_SIZE 256
#define WARP_SIZE 32
#define WARPS_PER_BLOCK (BLOCK_SIZE / WARP_SIZE)

__device__ __forceinline__ void take_max(float& best, int& best_idx, float v, int i) {
    if (v > best || (v == best && i < best_idx)) {
        best = v;
        best_idx = i;
    }
}

__global__ void argmax_dim1_warp_kernel(const float* __restrict__ x,
                                        long long* __restrict__ out,
                                        const int B, const int C, const int L) {
    const int warp = threadIdx.x / WARP_SIZE;
    const int lane = threadIdx.x % WARP_SIZE;
    const int total = B * L;

    for (int o = blockIdx.x * WARPS_PER_BLOCK + warp; o < total; o += gridDim.x * WARPS_PER_BLOCK) {
        const int b = o / L;
        const int l = o % L;
        const float* base = x + (size_t)b * C * L + l;  // channel c lives at base[c * L]

        float best = -FLT_MAX;
        int best_idx = INT_MAX;
        for (int c = lane; c < C; c += 2 * WARP_SIZE) {
            const int c1 = c + WARP_SIZE;
            const float v0 = base[(size_t)c * L];
            const float v1 = (c1 < C) ? base[(size_t)c1 * L] : -FLT_MAX;
            take_max(best, best_idx, v0, c);
            take_max(best, best_idx, v1, c1);
        }

#pragma unroll
        for (int off = WARP_SIZE / 2; off > 0; off >>= 1) {
            const float ov = __shfl_xor_sync(0xffffffff, best, off);
            const int oi = __shfl_xor_sync(0xffffffff, best_idx, off);
            take_max(best, best_idx, ov, oi);
        }
        if (lane == 0) out[o] = best_idx;
    }
}
