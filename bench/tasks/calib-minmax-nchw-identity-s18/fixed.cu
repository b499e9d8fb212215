#include <cuda_runtime.h>
#include <cfloat>

#define CAL_THREADS 128

// Activation range observer for post-training quantization: per-channel min and max
// of an NCHW tensor. One block per channel, tree reduction in shared memory.
__global__ void channel_minmax_nchw(const float* __restrict__ act, float* __restrict__ ch_min,
                                    float* __restrict__ ch_max, int N, int C, int HW) {
    __shared__ float s_min[CAL_THREADS];
    __shared__ float s_max[CAL_THREADS];
    const int c = blockIdx.x;
    const int tid = threadIdx.x;

    float lo = FLT_MAX, hi = -FLT_MAX;
    for (int n = 0; n < N; ++n) {
        const float* __restrict__ plane = act + ((size_t)n * C + c) * HW;
        for (int i = tid; i < HW; i += CAL_THREADS) {
            const float v = plane[i];
            lo = fminf(lo, v);
            hi = fmaxf(hi, v);
        }
    }
    s_min[tid] = lo;
    s_max[tid] = hi;
    __syncthreads();

    for (int s = CAL_THREADS / 2; s > 0; s >>= 1) {
        if (tid < s) {
            s_min[tid] = fminf(s_min[tid], s_min[tid + s]);
            s_max[tid] = fmaxf(s_max[tid], s_max[tid + s]);
        }
        __syncthreads();
    }
    if (tid == 0) {
        ch_min[c] = s_min[0];
        ch_max[c] = s_max[0];
    }
}
