#include <cuda_runtime.h>

// torch.diagonal(x, offset=k, dim1=-2, dim2=-1).sum(-1)   (a batched trace with a diagonal offset)
// x: [B, R, C] contiguous, out: [B].  k > 0 selects a super-diagonal, k < 0 a sub-diagonal.
// Launch: blockDim = (32, MATS_PER_BLOCK); one warp per matrix (threadIdx.y), the lanes stride
// along the diagonal and combine with an xor butterfly.

#define MATS_PER_BLOCK 4
#define DIAG_ROW0(k) ((k) < 0 ? -(k) : 0)
#define DIAG_COL0(k) ((k) > 0 ? (k) : 0)
#define DIAG_LEN(R, C, k) ((k) >= 0 ? min((R), (C)) - (k) : min((R) + (k), (C)))

__device__ __forceinline__ float warp_allsum(float v) {
#pragma unroll
    for (int m = 16; m >= 1; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
    return v;
}

__global__ void diag_offset_sum_kernel(const float* __restrict__ x, float* __restrict__ out,
                                       int B, int R, int C, int k) {
    const int b = blockIdx.x * MATS_PER_BLOCK + threadIdx.y;
    if (b >= B) return;  // the whole warp leaves together
    const int lane = threadIdx.x;

    const float* xb = x + (long long)b * R * C;
    const int r0 = DIAG_ROW0(k);
    const int c0 = DIAG_COL0(k);
    const int len = DIAG_LEN(R, C, k);

    float s = 0.0f;
    for (int i = lane; i < len; i += 32) {
        s += xb[(long long)(r0 + i) * C + (c0 + i)];
    }
    s = warp_allsum(s);
    if (lane == 0) out[b] = s;
}
