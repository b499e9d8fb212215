#include <torch/extension.h>
#include <cuda_runtime.h>

// Reverse cumulative sum along the last dim:
//   out = x.flip(-1).cumsum(-1).flip(-1)      out[r, i] = sum_{j >= i} x[r, j]
// One warp per row, ROWS_PER_BLOCK warps per block on a (32, ROWS_PER_BLOCK) block.
// The warp walks its row backwards in 32-wide chunks: an inclusive suffix scan inside the
// chunk (shfl_down), plus the running carry from the chunks to the right of it.

#define WARP 32
#define ROWS_PER_BLOCK 4
#define FULL 0xffffffffu

__device__ __forceinline__ float warp_suffix_scan(float v, int lane) {
#pragma unroll
    for (int off = 1; off < WARP; off <<= 1) {
        const float t = __shfl_down_sync(FULL, v, off);
        if (lane + off < WARP) v += t;
    }
    return v;  // lane l: sum of lanes l..31
}

__global__ void reverse_cumsum_lastdim_kernel(const float* __restrict__ x,
                                              float* __restrict__ out,
                                              int rows, int cols) {
    const int lane = threadIdx.x;
    const int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.y;
    if (row >= rows) return;  // uniform per warp

    const float* __restrict__ xr = x + (size_t)row * cols;
    float* __restrict__ orow = out + (size_t)row * cols;

    float carry = 0.0f;
    const int last_chunk = ((cols - 1) / WARP) * WARP;
    for (int base = last_chunk; base >= 0; base -= WARP) {
        const int i = base + lane;
        float v = (i < cols) ? xr[i] : 0.0f;
        v = warp_suffix_scan(v, lane) + carry;
        if (i < cols) orow[i] = v;
        // the chunk's total (plus the old carry) becomes the carry for the chunk to the left
        carry = __shfl_sync(FULL, v, WARP - 1);
    }
}

torch::Tensor reverse_cumsum(torch::Tensor x) {
    auto xc = x.contiguous();
    const int cols = xc.size(-1);
    const int rows = xc.numel() / cols;
    auto out = torch::empty_like(xc);
    dim3 block(WARP, ROWS_PER_BLOCK);
    dim3 grid((rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK);
    reverse_cumsum_lastdim_kernel<<<grid, block>>>(xc.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
    return out;
}
