#include <cuda_runtime.h>

// torch.cumsum(x * mask, dim=1) for x: (B, L) float, mask: (B, L) bool.
// One warp per row (rows handed out warp-grid-stride); the row is scanned in chunks of 32
// with an inclusive __shfl_up_sync scan, and the chunk total is carried to the next chunk.
#define WARP 32
#define FULL 0xffffffffu

__device__ __forceinline__ float warp_inclusive_scan(float v, int lane) {
#pragma unroll
    for (int o = 1; o < WARP; o <<= 1) {
        const float n = __shfl_up_sync(FULL, v, o);
        if (lane >= o) v += n;
    }
    return v;
}

__global__ void masked_cumsum_rows(const float* __restrict__ x, const bool* __restrict__ mask,
                                   float* __restrict__ out, int B, int L) {
    const int lane = threadIdx.x & (WARP - 1);
    const int warps_per_block = blockDim.x / WARP;
    const int gwarp = blockIdx.x * warps_per_block + threadIdx.x / WARP;
    const int nwarps = gridDim.x * warps_per_block;

    for (int row = gwarp; row < B; row += nwarps) {
        float carry = 0.0f;
        const size_t off = (size_t)row * L;
        int base = 0;
        while (base < L) {
            const int j = base + lane;
            float v = (j < L && mask[off + j]) ? x[off + j] : 0.0f;
            v = warp_inclusive_scan(v, lane) + carry;
            if (j < L) out[off + j] = v;
            carry = __shfl_sync(FULL, v, WARP - 1);
            base += WARP;
        }
    }
}
