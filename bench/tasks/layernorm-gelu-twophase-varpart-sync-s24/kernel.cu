#include <cuda_runtime.h>
#include <math.h>

#define BLOCK_SIZE 256
#define WARP_SIZE 32
#define GELU_K0 0.7978845608028654f
#define GELU_K1 0.044715f

__device__ __forceinline__ float warpReduceSum(float val) {
#pragma unroll
    for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1)
        val += __shfl_down_sync(0xffffffff, val, offset);
    return val;
}

__device__ __forceinline__ float gelu_tanh(float v) {
    const float inner = GELU_K0 * (v + GELU_K1 * v * v * v);
    return 0.5f * v * (1.0f + tanhf(inner));
}

// LayerNorm over the last dim (one block per row) fused with a tanh-GELU epilogue.
// Two-pass statistics: mean first, then the centred sum of squares.
__global__ void layernorm_gelu_kernel(const float* __restrict__ x,
                                      const float* __restrict__ gamma,
                                      const float* __restrict__ beta,
                                      float* __restrict__ y,
                                      int cols, float eps) {
    __shared__ float s_mean_part[WARP_SIZE];
    __shared__ float s_var_part[WARP_SIZE];
    __shared__ float s_mean;
    __shared__ float s_rstd;

    const int row = blockIdx.x;
    const int tid = threadIdx.x;
    const int lane = tid % WARP_SIZE;
    const int warp = tid / WARP_SIZE;
    const int num_warps = (blockDim.x + WARP_SIZE - 1) / WARP_SIZE;
    const float* __restrict__ xr = x + (size_t)row * cols;
    float* __restrict__ yr = y + (size_t)row * cols;

    // ---- phase 1: mean ----
    float sum = 0.0f;
    for (int i = tid; i < cols; i += blockDim.x) sum += xr[i];
    sum = warpReduceSum(sum);
    if (lane == 0) s_mean_part[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        float v = (lane < num_warps) ? s_mean_part[lane] : 0.0f;
        v = warpReduceSum(v);
        if (lane == 0) s_mean = v / (float)cols;
    }
    __syncthreads();
    const float mean = s_mean;

    // ---- phase 2: variance ----
    float sq = 0.0f;
    for (int i = tid; i < cols; i += blockDim.x) {
        const float d = xr[i] - mean;
        sq += d * d;
    }
    sq = warpReduceSum(sq);
    if (lane == 0) s_var_part[warp] = sq;
    if (warp == 0) {
        float v = (lane < num_warps) ? s_var_part[lane] : 0.0f;
        v = warpReduceSum(v);
        if (lane == 0) s_rstd = rsqrtf(v / (float)cols + eps);
    }
    __syncthreads();
    const float rstd = s_rstd;

    // ---- normalise + affine + GELU ----
    for (int i = tid; i < cols; i += blockDim.x) {
        const float n = (xr[i] - mean) * rstd;
        yr[i] = gelu_tanh(n * gamma[i] + beta[i]);
    }
}
