#include <cuda_runtime.h>
#include <math.h>

#define ROWS_PER_BLOCK 8
#define LANES 32

// One warp per row: threadIdx.x is the lane, threadIdx.y picks the row inside the block.
__global__ void row_softmax_w32(const float* __restrict__ logits, float* __restrict__ probs,
                                int n_rows, int n_cols) {
    const int r = blockIdx.x * ROWS_PER_BLOCK + threadIdx.y;
    if (r >= n_rows) return;
    const float* in = logits + (long long)r * n_cols;
    float* out = probs + (long long)r * n_cols;

    float total = 0.0f;
    for (int k = threadIdx.x; k < n_cols; k += LANES)
        total += expf(in[k]);
    for (int delta = LANES / 2; delta > 0; delta >>= 1)
        total += __shfl_down_sync(0xffffffffu, total, delta);
    total = __shfl_sync(0xffffffffu, total, 0);
    const float scale = 1.0f / total;
    for (int k = threadIdx.x; k < n_cols; k += LANES)
        out[k] = expf(in[k]) * scale;
}
