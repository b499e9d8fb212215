#include <torch/extension.h>
#include <cuda_runtime.h>

// RMSNorm backward w.r.t. the input (weight gradient is computed elsewhere).
//   forward:  y = x * rstd * w,   rstd = 1 / sqrt(mean(x^2) + eps)
//   backward: dx_j = rstd * (w_j * dy_j - x_j * rstd^2 * dot / C),   dot = sum_k w_k * dy_k * x_k
// One warp per row, WARPS_PER_BLOCK rows per block on a (32, WARPS_PER_BLOCK) block.

constexpr int kWarp = 32;
constexpr int WARPS_PER_BLOCK = 4;
constexpr unsigned kFull = 0xffffffffu;

__device__ __forceinline__ float warp_reduce_sum(float v) {
#pragma unroll
    for (int off = kWarp / 2; off > 0; off >>= 1)
        v += __shfl_down_sync(kFull, v, off);
    return v;  // valid in lane 0
}

__global__ void rmsnorm_backward_dx_kernel(const float* __restrict__ x,
                                           const float* __restrict__ w,
                                           const float* __restrict__ dy,
                                           float* __restrict__ dx,
                                           int rows, int C, float eps) {
    const int lane = threadIdx.x;
    const int row = blockIdx.x * WARPS_PER_BLOCK + threadIdx.y;
    if (row >= rows) return;  // whole warp leaves together

    const float* xr = x + (size_t)row * C;
    const float* gr = dy + (size_t)row * C;
    float* dxr = dx + (size_t)row * C;

    // pass 1: sum of squares and the w*dy*x dot product
    float ss = 0.f, dot = 0.f;
    for (int j = lane; j < C; j += kWarp) {
        const float xv = xr[j];
        ss += xv * xv;
        dot += w[j] * gr[j] * xv;
    }
    ss = __shfl_sync(kFull, warp_reduce_sum(ss), 0);
    dot = __shfl_sync(kFull, warp_reduce_sum(dot), 0);

    const float inv_c = 1.0f / (float)C;
    const float rstd = rsqrtf(ss * inv_c + eps);
    const float coef = rstd * rstd * dot * inv_c;

    // pass 2
    for (int j = lane; j < C; j += kWarp) {
        const float xv = xr[j];
        dxr[j] = rstd * (w[j] * gr[j] - xv * coef);
    }
}

torch::Tensor rmsnorm_backward_dx(torch::Tensor x, torch::Tensor w, torch::Tensor dy, double eps) {
    auto xc = x.contiguous();
    auto dyc = dy.contiguous();
    const int C = xc.size(-1);
    const int rows = xc.numel() / C;
    auto dx = torch::empty_like(xc);
    dim3 block(kWarp, WARPS_PER_BLOCK);
    dim3 grid((rows + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK);
    rmsnorm_backward_dx_kernel<<<grid, block>>>(xc.data_ptr<float>(), w.data_ptr<float>(),
                                                dyc.data_ptr<float>(), dx.data_ptr<float>(),
                                                rows, C, (float)eps);
    return dx;
}
