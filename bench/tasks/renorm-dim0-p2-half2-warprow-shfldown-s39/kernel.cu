// torch.renorm(x, p=2, dim=0, maxnorm) on a 2-D fp16 tensor (the max-norm constraint on
// embedding / weight rows):
//   x: [R, C] half -> y: [R, C] half
//   norm_r = ||x[r, :]||_2;  y[r, :] = x[r, :] * (norm_r > maxnorm ? maxnorm / (norm_r + 1e-7) : 1)
// One warp per row, ROWS_PER_BLOCK rows per block; the row is read as half2 (C even), the sum
// of squares is kept in float and reduced across the warp, then every lane rescales its half2s.

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <math.h>

#define FULL_MASK 0xffffffffu

template <typename T>
struct WarpSum {
    __device__ __forceinline__ static T reduce(T v) {
#pragma unroll
        for (int delta = 16; delta >= 1; delta /= 2)
            v += __shfl_down_sync(FULL_MASK, v, delta);
        return v;
    }
};

template <int ROWS_PER_BLOCK>
__global__ void renorm_rows_half_kernel(const __half* __restrict__ x, __half* __restrict__ y,
                                        int rows, int cols, float maxnorm) {
    const int lane = threadIdx.x % 32;
    const int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.x / 32;
    if (row >= rows) return;

    const int cols2 = cols / 2;
    const __half2* xr = reinterpret_cast<const __half2*>(x + (size_t)row * cols);
    __half2* yr = reinterpret_cast<__half2*>(y + (size_t)row * cols);

    float ss = 0.0f;
    for (int c = lane; c < cols2; c += 32) {
        const float2 v = __half22float2(xr[c]);
        ss = fmaf(v.x, v.x, ss);
        ss = fmaf(v.y, v.y, ss);
    }
    const float norm = sqrtf(WarpSum<float>::reduce(ss));
    const float factor = norm > maxnorm ? maxnorm / (norm + 1e-7f) : 1.0f;

    for (int c = lane; c < cols2; c += 32) {
        const float2 v = __half22float2(xr[c]);
        yr[c] = __floats2half2_rn(v.x * factor, v.y * factor);
    }
}

torch::Tensor renorm_rows(torch::Tensor x, double maxnorm) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 2 && x.is_contiguous(), "x: contiguous 2-D CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kHalf, "x: float16");
    TORCH_CHECK(x.size(1) % 2 == 0, "the half2 path needs an even number of columns");
    const int rows = (int)x.size(0), cols = (int)x.size(1);
    auto y = torch::empty_like(x);
    constexpr int kRowsPerBlock = 8;
    const int blocks = (rows + kRowsPerBlock - 1) / kRowsPerBlock;
    renorm_rows_half_kernel<kRowsPerBlock><<<blocks, kRowsPerBlock * 32>>>(
        reinterpret_cast<const __half*>(x.data_ptr<at::Half>()),
        reinterpret_cast<__half*>(y.data_ptr<at::Half>()), rows, cols, (float)maxnorm);
    return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("renorm_rows", &renorm_rows, "torch.renorm(x, 2, 0, maxnorm) for fp16 2-D tensors");
}
