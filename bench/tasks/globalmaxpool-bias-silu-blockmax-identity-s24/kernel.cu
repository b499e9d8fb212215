#include <cuda_runtime.h>
#include <float.h>
#include <math.h>

#define BLOCK_SIZE 256
#define WARP_SIZE 32

__device__ __forceinline__ float warpReduceMax(float val) {
#pragma unroll
    for (int mask = WARP_SIZE / 2; mask > 0; mask >>= 1)
        val = fmaxf(val, __shfl_xor_sync(0xffffffff, val, mask));
    return val;
}

__device__ __forceinline__ float blockReduceMax(float val) {
    static __shared__ float shared[WARP_SIZE];
    const int lane = threadIdx.x & (WARP_SIZE - 1);
    const int wid = threadIdx.x / WARP_SIZE;

    val = warpReduceMax(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();

    val = (threadIdx.x < blockDim.x / WARP_SIZE) ? shared[lane] : 0.0f;
    if (wid == 0) val = warpReduceMax(val);
    return val;
}

__device__ __forceinline__ float silu(float v) {
    return v / (1.0f + __expf(-v));
}

// AdaptiveMaxPool2d(1) over NCHW + per-channel bias + SiLU.
// One block per (n, c) plane; output is [N, C].
__global__ void global_maxpool_bias_silu_kernel(const float* __restrict__ x,
                                                const float* __restrict__ bias,
                                                float* __restrict__ y,
                                                int C, int HW) {
    const int nc = blockIdx.x;
    const int c = nc % C;
    const float* __restrict__ plane = x + (size_t)nc * HW;

    float m = -FLT_MAX;
    for (int i = threadIdx.x; i < HW; i += blockDim.x)
        m = fmaxf(m, plane[i]);

    m = blockReduceMax(m);

    if (threadIdx.x == 0) {
        y[nc] = silu(m + bias[c]);
    }
}
