// torch.nn.utils.clip_grad_norm_(params, max_norm) for one flat fp32 gradient, in place:
//   total = ||g||_2;  coef = max_norm / (total + 1e-6);  if coef < 1: g *= coef
// Two launches on the same stream:
//   1. grad_sumsq_kernel<256>: grid-stride float4 sum of squares (+ scalar tail), warp shuffles,
//      one partial per warp in shared memory, one atomicAdd per block into sumsq[0]
//      (a torch::zeros(1) workspace).
//   2. grad_clip_kernel: reads sumsq[0], rescales g with float4 stores (+ scalar tail).
// Both grids are capped (grid-stride loops cover the rest).

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <algorithm>

namespace {

constexpr int kThreads = 256;
constexpr int kMaxBlocks = 40;

__device__ __forceinline__ float warp_reduce_sum(float v) {
#pragma unroll
    for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
    return v;
}

template <int BLOCK>
__global__ void grad_sumsq_kernel(const float* __restrict__ g, float* __restrict__ sumsq, int n) {
    __shared__ float warp_sums[BLOCK / 32];
    const int tid = blockIdx.x * BLOCK + threadIdx.x;
    const int stride = gridDim.x * BLOCK;
    const int n4 = n >> 2;
    const float4* g4 = reinterpret_cast<const float4*>(g);

    float acc = 0.0f;
    for (int i = tid; i < n4; i += stride) {
        const float4 v = g4[i];
        acc = fmaf(v.x, v.x, acc);
        acc = fmaf(v.y, v.y, acc);
        acc = fmaf(v.z, v.z, acc);
        acc = fmaf(v.w, v.w, acc);
    }
    // the n % 4 elements that do not fill a float4
    for (int i = (n4 << 2) + tid; i < n; i += stride) acc = fmaf(g[i], g[i], acc);

    acc = warp_reduce_sum(acc);
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    if (lane == 0) warp_sums[warp] = acc;
    __syncthreads();
    if (warp == 0) {
        float s = lane < BLOCK / 32 ? warp_sums[lane] : 0.0f;
        s = warp_reduce_sum(s);
        if (lane == 0) atomicAdd(sumsq, s);
    }
}

__global__ void grad_clip_kernel(float* __restrict__ g, const float* __restrict__ sumsq,
                                 int n, float max_norm) {
    const float total = sqrtf(*sumsq);
    const float coef = max_norm / (total + 1e-6f);
    if (coef >= 1.0f) return;   // clamp(coef, max=1): nothing to do

    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int stride = gridDim.x * blockDim.x;
    const int n4 = n >> 2;
    float4* g4 = reinterpret_cast<float4*>(g);
    for (int i = tid; i < n4; i += stride) {
        float4 v = g4[i];
        v.x *= coef; v.y *= coef; v.z *= coef; v.w *= coef;
        g4[i] = v;
    }
    for (int i = (n4 << 2) + tid; i < n; i += stride) g[i] *= coef;
}

}  // namespace

torch::Tensor clip_grad_norm_flat_(torch::Tensor g, double max_norm) {
    TORCH_CHECK(g.is_cuda() && g.is_contiguous() && g.scalar_type() == torch::kFloat, "g: contiguous fp32 CUDA tensor");
    const int n = (int)g.numel();
    auto sumsq = torch::zeros({1}, g.options());
    const int blocks = std::min(kMaxBlocks, std::max(1, ((n >> 2) + kThreads - 1) / kThreads));
    grad_sumsq_kernel<kThreads><<<blocks, kThreads>>>(g.data_ptr<float>(), sumsq.data_ptr<float>(), n);
    grad_clip_kernel<<<blocks, kThreads>>>(g.data_ptr<float>(), sumsq.data_ptr<float>(), n, (float)max_norm);
    return sumsq.sqrt();
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("clip_grad_norm_flat_", &clip_grad_norm_flat_, "in-place clip_grad_norm_ of one flat fp32 gradient");
}
