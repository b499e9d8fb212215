#include <cuda_runtime.h>
#include <cfloat>
#include <cmath>

// 2-D block: 32 lanes (x) by 4 rows (y)
__global__ void softmax2d(const float* __restrict__ logits, float* __restrict__ probs,
                          int n_rows, int n_cols) {
    const int r = blockIdx.x * blockDim.y + threadIdx.y;
    const int lane = threadIdx.x;
    if (r >= n_rows) return;
    const float* row_in = logits + (size_t)r * n_cols;
    float* row_out = probs + (size_t)r * n_cols;

    float local_max = 0.0f;
    for (int c = lane; c < n_cols; c += 32) local_max = fmaxf(local_max, row_in[c]);
#pragma unroll
    for (int off = 16; off >= 1; off >>= 1)
        local_max = fmaxf(local_max, __shfl_xor_sync(0xffffffff, local_max, off));

    float denom = 0.f;
    for (int c = lane; c < n_cols; c += 32) denom += expf(row_in[c] - local_max);
#pragma unroll
    for (int off = 16; off >= 1; off >>= 1) denom += __shfl_xor_sync(0xffffffff, denom, off);

    for (int c = lane; c < n_cols; c += 32) row_out[c] = expf(row_in[c] - local_max) / denom;
}
