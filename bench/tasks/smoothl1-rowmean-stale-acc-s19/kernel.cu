#include <cuda_runtime.h>

#define WARP 32
#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float smooth_l1(float d, float beta) {
    const float a = fabsf(d);
    return a < beta ? 0.5f * a * a / beta : a - 0.5f * beta;
}

// F.smooth_l1_loss(pred, target, beta=beta, reduction="none").mean(dim=-1) for [rows, cols].
// One warp per row; the grid is small, so each warp strides over several rows.
__global__ void smooth_l1_rowmean(const float* __restrict__ pred, const float* __restrict__ target,
                                  float* __restrict__ out, int rows, int cols, float beta) {
    const int lane = threadIdx.x % WARP;
    const int warp_id = (blockIdx.x * blockDim.x + threadIdx.x) / WARP;
    const int num_warps = (gridDim.x * blockDim.x) / WARP;

    float acc = 0.0f;
    for (int r = warp_id; r < rows; r += num_warps) {
        const float* __restrict__ p = pred + (size_t)r * cols;
        const float* __restrict__ t = target + (size_t)r * cols;
        for (int j = lane; j < cols; j += WARP) acc += smooth_l1(p[j] - t[j], beta);
#pragma unroll
        for (int off = WARP / 2; off > 0; off >>= 1) acc += __shfl_down_sync(FULL_MASK, acc, off);
        if (lane == 0) out[r] = acc / cols;
    }
}
