#include <cuda_runtime.h>
#include <cstdint>

// torch.scatter_add(out, 1, index, src) for src, index: (B, E) and out: (B, R).
//   out[b, index[b, e]] += src[b, e]
// 2-D grid: x walks e (the contiguous dim), y walks b. A companion kernel counts hits
// per bin (for scatter_reduce "mean"); only scatter_add_dim1 is launched here.

__global__ void scatter_count_dim1(const int64_t* __restrict__ index, float* __restrict__ count,
                                   int B, int E, int R) {
    const int e = blockIdx.x * blockDim.x + threadIdx.x;
    const int b = blockIdx.y * blockDim.y + threadIdx.y;
    if (e < E && b < B) atomicAdd(count + (size_t)b * R + index[(size_t)b * E + e], 1.0f);
}

__global__ void scatter_add_dim1(const float* __restrict__ src, const int64_t* __restrict__ index,
                                 float* __restrict__ out, int B, int E, int R) {
    const int e = blockIdx.x * blockDim.x + threadIdx.x;
    const int b = blockIdx.y * blockDim.y + threadIdx.y;
    if (e >= E || b >= B) return;
    const int64_t dst = __ldg(index + (size_t)b * E + e);
    const float v = __ldg(src + (size_t)b * E + e);
    atomicAdd(out + (size_t)b * R + dst, v);
}
