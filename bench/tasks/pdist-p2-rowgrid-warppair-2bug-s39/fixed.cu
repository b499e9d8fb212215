// torch.pdist(x, p=2): condensed pairwise Euclidean distances between the rows of x.
//   x: [N, M] float32 -> out: [N * (N - 1) / 2], pairs (i, j) with i < j in row-major order,
//   out[k(i, j)] = || x[i] - x[j] ||_2.
// Launch: grid = (ceil(N / WARPS), N), block = 32 * WARPS.
// blockIdx.y is the first row i; each warp of the block takes one partner row j and its
// lanes stride over the M features, finishing with a warp reduction.

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

#define WARP_SIZE 32
#define PDIST_WARPS 8

__device__ __forceinline__ float warp_reduce_sum(float v) {
#pragma unroll
    for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffff, v, offset);
    return v;
}

// position of pair (i, j), i < j, in the condensed upper-triangular layout
__device__ __forceinline__ long long condensed_index(int i, int j, int n) {
    return (long long)i * n - (long long)i * (i + 1) / 2 + (j - i - 1);
}

__global__ void pdist_p2_kernel(const float* __restrict__ x, float* __restrict__ out,
                                int n, int m) {
    const int warp = threadIdx.x / WARP_SIZE;
    const int lane = threadIdx.x % WARP_SIZE;
    const int i = blockIdx.y;
    const int j = blockIdx.x * PDIST_WARPS + warp;
    if (j <= i || j >= n) return;

    const float* xi = x + (size_t)i * m;
    const float* xj = x + (size_t)j * m;

    float acc = 0.0f;
    for (int c = lane; c < m; c += WARP_SIZE) {
        const float d = __ldg(xi + c) - __ldg(xj + c);
        acc = fmaf(d, d, acc);
    }
    acc = warp_reduce_sum(acc);

    if (lane == 0) out[condensed_index(i, j, n)] = sqrtf(acc);
}

torch::Tensor pdist_p2(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 2 && x.is_contiguous(), "x: contiguous 2-D CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat, "x: float32");
    const int n = (int)x.size(0), m = (int)x.size(1);
    auto out = torch::empty({(long)n * (n - 1) / 2}, x.options());
    if (n < 2) return out;
    dim3 block(WARP_SIZE * PDIST_WARPS);
    dim3 grid((n + PDIST_WARPS - 1) / PDIST_WARPS, n);
    pdist_p2_kernel<<<grid, block>>>(x.data_ptr<float>(), out.data_ptr<float>(), n, m);
    return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("pdist_p2", &pdist_p2, "torch.pdist(x, p=2)");
}
