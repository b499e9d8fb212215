#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define BLOCK_SIZE 256
#define WARP_SIZE 32
#define NUM_WARPS (BLOCK_SIZE / WARP_SIZE)

// nn.LayerNorm(N) forward for fp16 activations [rows, N], fp16 gamma/beta.
// One block per row, two-pass statistics (mean, then sum of squared deviations),
// fp32 math per thread, warp shuffles + one shared slot per warp for the block reduction.

__device__ __forceinline__ float warp_reduce_sum(float v) {
#pragma unroll
    for (int off = WARP_SIZE / 2; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffff, v, off);
    return v;
}

template <typename scalar_t>
__global__ void layernorm_fwd_kernel(const scalar_t* __restrict__ x,
                                     const scalar_t* __restrict__ gamma,
                                     const scalar_t* __restrict__ beta,
                                     scalar_t* __restrict__ y,
                                     const int N, const float eps) {
    __shared__ float warp_part[NUM_WARPS];
    __shared__ float s_mean, s_rstd;

    const int tid = threadIdx.x;
    const int lane = tid % WARP_SIZE;
    const int wid = tid / WARP_SIZE;
    const scalar_t* xr = x + (size_t)blockIdx.x * N;
    scalar_t* yr = y + (size_t)blockIdx.x * N;

    // ---- pass 1: mean ----
    float sum = 0.0f;
    for (int j = tid; j < N; j += BLOCK_SIZE) sum += static_cast<float>(xr[j]);
    sum = warp_reduce_sum(sum);
    if (lane == 0) warp_part[wid] = sum;
    __syncthreads();
    if (tid == 0) {
        float t = 0.0f;
        for (int w = 0; w < NUM_WARPS; ++w) t += static_cast<float>(warp_part[w]);
        s_mean = t / N;
    }
    __syncthreads();
    const float mean = s_mean;

    // ---- pass 2: variance (biased, as torch) ----
    float sq = 0.0f;
    for (int j = tid; j < N; j += BLOCK_SIZE) {
        const float d = static_cast<float>(xr[j]) - mean;
        sq += d * d;
    }
    sq = warp_reduce_sum(sq);
    if (lane == 0) warp_part[wid] = sq;
    __syncthreads();
    if (tid == 0) {
        float t = 0.0f;
        for (int w = 0; w < NUM_WARPS; ++w) t += static_cast<float>(warp_part[w]);
        s_rstd = rsqrtf(t / N + eps);
    }
    __syncthreads();
    const float rstd = s_rstd;

    // ---- normalize + affine ----
    for (int j = tid; j < N; j += BLOCK_SIZE) {
        const float v = (static_cast<float>(xr[j]) - mean) * rstd;
        yr[j] = static_cast<scalar_t>(v * static_cast<float>(gamma[j]) + static_cast<float>(beta[j]));
    }
}

template __global__ void layernorm_fwd_kernel<__half>(const __half*, const __half*, const __half*,
                                                      __half*, int, float);
