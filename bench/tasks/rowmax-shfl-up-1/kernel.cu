#include <cuda_runtime.h>
#include <float.h>

constexpr int kWarp = 32;
constexpr int kBlock = 256;

__device__ inline float warp_allmax(float v) {
    // butterfly over lane masks 1, 2, 4, 8
    for (int mask = 1; mask < kWarp / 2; mask <<= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, mask));
    return v;
}

// Row maximum: one block of 256 threads per row; warp maxima go through shared memory.
__global__ void row_amax(const float* __restrict__ a, float* __restrict__ amax, int width) {
    __shared__ float warp_best[kBlock / kWarp];
    const float* p = a + (long)blockIdx.x * width;
    float best = -FLT_MAX;
    for (int i = threadIdx.x; i < width; i += kBlock) best = fmaxf(best, p[i]);
    best = warp_allmax(best);
    if (threadIdx.x % kWarp == 0) warp_best[threadIdx.x / kWarp] = best;
    __syncthreads();
    if (threadIdx.x == 0) {
        float m = warp_best[0];
        for (int w = 1; w < kBlock / kWarp; ++w) m = fmaxf(m, warp_best[w]);
        amax[blockIdx.x] = m;
    }
}
