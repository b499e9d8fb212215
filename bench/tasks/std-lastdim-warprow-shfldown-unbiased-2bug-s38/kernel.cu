// torch.std(x, dim=-1) (unbiased, correction = 1) on a 2-D tensor:
//   x: [R, C] float32 -> out: [R]
// One warp per row, WARPS_PER_BLOCK rows per block; two passes over the row
// (mean, then sum of squared deviations), each finished with a warp reduction.

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

constexpr int kWarp = 32;

// sum over the warp; every lane needs the result (the mean is used by all lanes)
__device__ __forceinline__ float warp_allreduce_sum(float v) {
#pragma unroll
    for (int off = kWarp / 2; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

template <int WARPS_PER_BLOCK>
__global__ void std_lastdim_kernel(const float* __restrict__ x, float* __restrict__ out,
                                   int rows, int cols) {
    const int warp = threadIdx.x / kWarp;
    const int lane = threadIdx.x % kWarp;
    const int row = blockIdx.x * WARPS_PER_BLOCK + warp;
    if (row >= rows) return;

    const float* xr = x + (size_t)row * cols;

    float sum = 0.0f;
    for (int c = lane; c < cols; c += kWarp) sum += __ldg(xr + c);
    const float mean = warp_allreduce_sum(sum) / (float)cols;

    float sq = 0.0f;
    for (int c = lane; c < cols; c += kWarp) {
        const float d = __ldg(xr + c) - mean;
        sq = fmaf(d, d, sq);
    }
    const float m2 = warp_allreduce_sum(sq);

    if (lane == 0) out[row] = sqrtf(m2 / (float)cols);
}

torch::Tensor std_lastdim(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 2 && x.is_contiguous(), "x: contiguous 2-D CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat, "x: float32");
    TORCH_CHECK(x.size(1) >= 2, "need at least two columns for the unbiased std");
    const int rows = (int)x.size(0), cols = (int)x.size(1);
    auto out = torch::empty({rows}, x.options());
    constexpr int kWarpsPerBlock = 4;
    dim3 block(kWarp * kWarpsPerBlock);
    dim3 grid((rows + kWarpsPerBlock - 1) / kWarpsPerBlock);
    std_lastdim_kernel<kWarpsPerBlock><<<grid, block>>>(x.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("std_lastdim", &std_lastdim, "unbiased std over the last dim");
}
