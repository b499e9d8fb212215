import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Thinking about the problem:
#   - torch.var(x, dim=-1) is the unbiased variance (divide by N - 1).
#   - Rows are 8192 long and there are 128 of them, so one warp per row gives
#     128 warps; with 4 warps per block that is 32 blocks.
#   - Each lane runs Welford over its strided slice, then lanes are merged with
#     the parallel Welford combination through __shfl_down_sync.
#   - Only the last dimension is supported; the wrapper checks that.

variance_source = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

struct WelfordState {
    float n;
    float mean;
    float m2;
};

__device__ __forceinline__ WelfordState welford_merge(WelfordState a, WelfordState b) {
    WelfordState r;
    r.n = a.n + b.n;
    if (r.n == 0.0f) {
        r.mean = 0.0f;
        r.m2 = 0.0f;
        return r;
    }
    const float delta = b.mean - a.mean;
    const float wb = b.n / r.n;
    r.mean = a.mean + delta * wb;
    r.m2 = a.m2 + b.m2 + delta * delta * a.n * wb;
    return r;
}

template <int WARPS_PER_BLOCK>
__global__ void __launch_bounds__(WARPS_PER_BLOCK * 32)
row_var_kernel(const float* __restrict__ x, float* __restrict__ out, int rows, int cols) {
    const int warp = threadIdx.x >> 5;
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * WARPS_PER_BLOCK + warp;
    if (row >= rows) return;   // whole warp exits together

    const float* xr = x + (size_t)row * cols;
    WelfordState st = {0.0f, 0.0f, 0.0f};
    for (int j = lane; j < cols; j += 32) {
        const float v = xr[j];
        st.n += 1.0f;
        const float d = v - st.mean;
        st.mean += d / st.n;
        st.m2 += d * (v - st.mean);
    }

    #pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
        WelfordState other;
        other.n = __shfl_down_sync(0xffffffffu, st.n, offset);
        other.mean = __shfl_down_sync(0xffffffffu, st.mean, offset);
        other.m2 = __shfl_down_sync(0xffffffffu, st.m2, offset);
        st = welford_merge(st, other);
    }

    if (lane == 0) {
        out[row] = st.m2 / (st.n - 1.0f);
    }
}

torch::Tensor row_var(torch::Tensor x, int64_t dim) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    const int64_t nd = x.dim();
    const int64_t d = dim < 0 ? dim + nd : dim;
    TORCH_CHECK(d == nd - 1, "row_var: only the last dimension is supported");

    auto xc = x.contiguous();
    const int cols = static_cast<int>(xc.size(-1));
    const int rows = static_cast<int>(xc.numel() / cols);

    auto out_shape = xc.sizes().vec();
    out_shape.pop_back();
    auto out = torch::empty(out_shape, xc.options());

    constexpr int kWarps = 4;
    const int blocks = (rows + kWarps - 1) / kWarps;
    row_var_kernel<kWarps><<<blocks, kWarps * 32>>>(xc.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
    return out;
}
"""

variance_cpp = "torch::Tensor row_var(torch::Tensor x, int64_t dim);"

variance_ext = load_inline(
    name="row_var_welford",
    cpp_sources=variance_cpp,
    cuda_sources=variance_source,
    functions=["row_var"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return variance_ext.row_var(x, self.dim)
