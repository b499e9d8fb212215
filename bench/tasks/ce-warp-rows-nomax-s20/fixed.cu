#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>

// nn.CrossEntropyLoss(reduction="none") on logits [N, C] with int64 class targets.
// One warp per sample; ROWS_PER_BLOCK warps per 1-D block.
#define ROWS_PER_BLOCK 4
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o);
    return v;
}

__device__ __forceinline__ float warp_max(float v) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, o));
    return v;
}

// predicted class (used for accuracy logging next to the loss)
__global__ void ce_predict(const float* __restrict__ logits, int64_t* __restrict__ pred, int n, int c) {
    const int row = blockIdx.x * ROWS_PER_BLOCK + (threadIdx.x >> 5);
    const int lane = threadIdx.x & 31;
    if (row >= n) return;
    const float* z = logits + (size_t)row * c;
    float m = -INFINITY;
    for (int j = lane; j < c; j += 32) m = fmaxf(m, z[j]);
    m = warp_max(m);
    int first = c;
    for (int j = lane; j < c; j += 32) if (z[j] == m && j < first) first = j;
    for (int o = 16; o > 0; o >>= 1) first = min(first, __shfl_xor_sync(FULL_MASK, first, o));
    if (lane == 0) pred[row] = first;
}

__global__ void ce_loss_fwd(const float* __restrict__ logits, const int64_t* __restrict__ target,
                            float* __restrict__ loss, int n, int c) {
    const int row = blockIdx.x * ROWS_PER_BLOCK + (threadIdx.x >> 5);
    const int lane = threadIdx.x & 31;
    if (row >= n) return;
    const float* z = logits + (size_t)row * c;

    float m = -INFINITY;
    for (int j = lane; j < c; j += 32) m = fmaxf(m, z[j]);
    m = warp_max(m);
    float s = 0.0f;
    for (int j = lane; j < c; j += 32) s += expf(z[j] - m);
    s = warp_sum(s);

    if (lane == 0) loss[row] = m + logf(s) - z[target[row]];
}
