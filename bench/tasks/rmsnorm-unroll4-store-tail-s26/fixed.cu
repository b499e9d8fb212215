#include <cuda_runtime.h>
#include <math.h>

#define BLOCK_SIZE 256
#define WARP_SIZE 32
#define UNROLL 4

// RMSNorm (LLaMA style): y = x / sqrt(mean(x^2) + eps) * weight, over the last dim.
// One block per row. Each thread handles UNROLL consecutive elements per step for ILP,
// the N % UNROLL leftovers are picked up by a scalar tail loop.

__device__ __forceinline__ float warpReduceSum(float val) {
    for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2)
        val += __shfl_down_sync(0xffffffff, val, offset);
    return val;
}

__device__ __forceinline__ float blockReduceSum(float val) {
    __shared__ float shared[WARP_SIZE];
    const int lane = threadIdx.x % WARP_SIZE;
    const int wid = threadIdx.x / WARP_SIZE;
    val = warpReduceSum(val);
    if (lane == 0) shared[wid] = val;
    __syncthreads();
    val = (threadIdx.x < blockDim.x / WARP_SIZE) ? shared[lane] : 0.0f;
    if (wid == 0) val = warpReduceSum(val);
    return val;
}

__global__ void rmsnorm_kernel(const float* __restrict__ x,
                               const float* __restrict__ weight,
                               float* __restrict__ y,
                               const int N, const float eps) {
    __shared__ float s_rstd;
    const int row = blockIdx.x;
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)row * N;
    float* yr = y + (size_t)row * N;
    const int n_main = N - (N % UNROLL);

    // sum of squares
    float ss = 0.0f;
    for (int j = tid * UNROLL; j < n_main; j += BLOCK_SIZE * UNROLL) {
        const float a = xr[j], b = xr[j + 1], c = xr[j + 2], d = xr[j + 3];
        ss += a * a + b * b + c * c + d * d;
    }
    for (int j = n_main + tid; j < N; j += BLOCK_SIZE) {
        ss += xr[j] * xr[j];
    }
    ss = blockReduceSum(ss);
    if (tid == 0) s_rstd = rsqrtf(ss / (float)N + eps);
    __syncthreads();
    const float rstd = s_rstd;

    // normalize and scale
    for (int j = tid * UNROLL; j < n_main; j += BLOCK_SIZE * UNROLL) {
#pragma unroll
        for (int u = 0; u < UNROLL; ++u)
            yr[j + u] = xr[j + u] * rstd * weight[j + u];
    }
    for (int j = n_main + tid; j < N; j += BLOCK_SIZE) {
        yr[j] = xr[j] * rstd * weight[j];
    }
}
