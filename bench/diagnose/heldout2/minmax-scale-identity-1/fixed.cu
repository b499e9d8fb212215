// Per-row min-max rescaling to [new_lo, new_hi]: one 128-thread block per row,
// warp butterflies for min and max, then a cross-warp pass through shared memory.
#include <cfloat>

#define NWARPS 4

__device__ __forceinline__ void warp_minmax(float& lo, float& hi) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        lo = fminf(lo, __shfl_xor_sync(0xffffffffu, lo, o));
        hi = fmaxf(hi, __shfl_xor_sync(0xffffffffu, hi, o));
    }
}

__global__ void __launch_bounds__(128)
minmax_scale_rows(const float* __restrict__ x, float* __restrict__ y, int cols,
                  float new_lo, float new_hi) {
    __shared__ float s_lo[NWARPS], s_hi[NWARPS];
    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float lo = FLT_MAX, hi = -FLT_MAX;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        const float v = xr[c];
        lo = fminf(lo, v);
        hi = fmaxf(hi, v);
    }
    warp_minmax(lo, hi);

    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    if (lane == 0) { s_lo[warp] = lo; s_hi[warp] = hi; }
    __syncthreads();
    lo = s_lo[0];
    hi = s_hi[0];
#pragma unroll
    for (int i = 1; i < NWARPS; ++i) { lo = fminf(lo, s_lo[i]); hi = fmaxf(hi, s_hi[i]); }

    const float scale = (new_hi - new_lo) / (hi - lo);
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        yr[c] = new_lo + (xr[c] - lo) * scale;
}
