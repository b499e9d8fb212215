#include <cuda_runtime.h>
#include <math.h>

// Butterfly reductions: every lane ends up holding the result.
__device__ __forceinline__ float warp_allmax(float v) {
#pragma unroll
    for (int mask = 16; mask > 1; mask >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, mask));
    return v;
}

__device__ __forceinline__ float warp_allsum(float v) {
#pragma unroll
    for (int mask = 16; mask > 0; mask >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, mask);
    return v;
}

// torch.logsumexp(x, dim=-1) for x: [rows, cols].
// blockDim = (32, 8): warp threadIdx.y of the block owns one row.
__global__ void logsumexp_lastdim(const float* __restrict__ x, float* __restrict__ out,
                                  int rows, int cols) {
    const int row = blockIdx.x * blockDim.y + threadIdx.y;
    if (row >= rows) return;
    const float* __restrict__ xr = x + (size_t)row * cols;

    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += 32) m = fmaxf(m, xr[c]);
    m = warp_allmax(m);

    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += 32) s += __expf(xr[c] - m);
    s = warp_allsum(s);

    if (threadIdx.x == 0) out[row] = m + __logf(s);
}
