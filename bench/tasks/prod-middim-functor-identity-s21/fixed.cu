#include <cuda_runtime.h>
#include <cstdint>

// Generic reduction over the middle dimension of a (B, R, C) tensor -> (B, C).
// One thread per output; the reduction operator is a functor template argument.

struct SumOp {
    __device__ __forceinline__ static float identity() { return 0.0f; }
    __device__ __forceinline__ static float combine(float a, float b) { return a + b; }
};

struct ProdOp {
    __device__ __forceinline__ static float identity() { return 1.0f; }
    __device__ __forceinline__ static float combine(float a, float b) { return a * b; }
};

template <typename Op, int UNROLL>
__global__ void reduce_middim(const float* __restrict__ x, float* __restrict__ out,
                              int B, int R, int C) {
    const int64_t o = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= (int64_t)B * C) return;
    const int64_t b = o / C;
    const int64_t c = o - b * C;
    const float* __restrict__ p = x + b * R * C + c;

    float acc = Op::identity();
    int r = 0;
    for (; r + UNROLL <= R; r += UNROLL) {
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) acc = Op::combine(acc, p[(int64_t)(r + u) * C]);
    }
    for (; r < R; ++r) acc = Op::combine(acc, p[(int64_t)r * C]);
    out[o] = acc;
}

template __global__ void reduce_middim<SumOp, 4>(const float*, float*, int, int, int);
template __global__ void reduce_middim<ProdOp, 4>(const float*, float*, int, int, int);
