#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

// Fused epilogue of  Matmul -> AvgPool1d(kernel_size=pool_k) -> GELU -> * scale -> max(dim=1)
//   y: [B, F] (output of the GEMM)  ->  out: [B]
//   pooled[j] = mean(y[b, j*pool_k : (j+1)*pool_k]),  j < F // pool_k  (AvgPool1d, ceil_mode=False)
//   out[b]    = max_j  scale * gelu(pooled[j])
// One warp per batch row, lanes stride over the pooling windows, warp max via xor shuffles.

#define WARPS_PER_BLOCK 4

__device__ __forceinline__ float gelu_erf(float x) {
    return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f));
}

__device__ __forceinline__ float window_mean(const float* __restrict__ row, int start, int k, int F) {
    const int end = min(start + k, F);
    float s = 0.0f;
    for (int i = start; i < end; ++i) s += row[i];
    return s / (float)(end - start);
}

__device__ __forceinline__ float warp_max(float v) {
    for (int off = 16; off > 0; off >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, off));
    return v;
}

__global__ void avgpool_gelu_scale_max_kernel(const float* __restrict__ y,
                                              float* __restrict__ out,
                                              const int B, const int F,
                                              const int pool_k, const float scale) {
    const int warp_id = threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    const int b = blockIdx.x * WARPS_PER_BLOCK + warp_id;
    if (b >= B) return;

    const float* row = y + (size_t)b * F;
    const int n_windows = (F + pool_k - 1) / pool_k;

    float m = -INFINITY;
    for (int j = lane; j < n_windows; j += 32) {
        const float p = window_mean(row, j * pool_k, pool_k, F);
        m = fmaxf(m, scale * gelu_erf(p));
    }
    m = warp_max(m);
    if (lane == 0) out[b] = m;
}

torch::Tensor fused_epilogue(torch::Tensor y, int pool_k, float scale) {
    const int B = y.size(0), F = y.size(1);
    auto out = torch::empty({B}, y.options());
    const int threads = 32 * WARPS_PER_BLOCK;
    const int blocks = (B + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK;
    avgpool_gelu_scale_max_kernel<<<blocks, threads>>>(y.data_ptr<float>(), out.data_ptr<float>(),
                                                       B, F, pool_k, scale);
    return out;
}
