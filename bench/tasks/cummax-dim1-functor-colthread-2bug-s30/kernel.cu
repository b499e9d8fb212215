#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math_constants.h>

// torch.cummax(x, dim=1) for a contiguous [B, L, D] float tensor -> (values, indices)
//   values[b, l, d]  = max(x[b, 0..l, d])
//   indices[b, l, d] = position of that max in 0..l (torch keeps the LAST position on ties)
// One thread per (b, d) column in a grid-stride loop; consecutive threads take consecutive d,
// so every step of the walk along L is a coalesced row access.  The comparison / seed live
// in a small policy struct so the same kernel can serve cummin.

struct CumMaxPolicy {
    __device__ __forceinline__ static float seed() { return 0.0f; }
    // true when `cand` should replace the running extreme `cur`
    __device__ __forceinline__ static bool take(float cand, float cur) { return cand > cur; }
};

template <typename Policy>
__global__ void cum_extreme_dim1_kernel(const float* __restrict__ x,
                                        float* __restrict__ values,
                                        int64_t* __restrict__ indices,
                                        int B, int L, int D) {
    const int ncols = B * D;
    for (int col = blockIdx.x * blockDim.x + threadIdx.x; col < ncols; col += gridDim.x * blockDim.x) {
        const int b = col / D;
        const int d = col - b * D;
        const size_t base = (size_t)b * L * D + d;

        float best = Policy::seed();
        int64_t best_idx = 0;
        for (int l = 0; l < L; ++l) {
            const size_t off = base + (size_t)l * D;
            const float v = x[off];
            if (Policy::take(v, best)) {
                best = v;
                best_idx = l;
            }
            values[off] = best;
            indices[off] = best_idx;
        }
    }
}

std::vector<torch::Tensor> cummax_dim1(torch::Tensor x) {
    auto xc = x.contiguous();
    const int B = xc.size(0), L = xc.size(1), D = xc.size(2);
    auto values = torch::empty_like(xc);
    auto indices = torch::empty(xc.sizes(), xc.options().dtype(torch::kLong));
    const int threads = 128;
    int blocks = (B * D + threads - 1) / threads;
    if (blocks > 48) blocks = 48;
    cum_extreme_dim1_kernel<CumMaxPolicy><<<blocks, threads>>>(xc.data_ptr<float>(), values.data_ptr<float>(),
                                                               indices.data_ptr<int64_t>(), B, L, D);
    return {values, indices};
}
