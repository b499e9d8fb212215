// Per-block maximum (stage 1 of a global max / amax for FP8 scaling).
#include <cuda_runtime.h>
#include <float.h>

#define BLOCK_SIZE 256

__device__ __forceinline__ float max_op(float a, float b) { return fmaxf(a, b); }

__global__ void block_amax_partial(const float *in, float *partial, int n) {
    __shared__ float sdata[BLOCK_SIZE];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * BLOCK_SIZE + tid;
    sdata[tid] = (i < n) ? in[i] : -FLT_MAX;
    __syncthreads();
    for (unsigned int s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] = max_op(sdata[tid], sdata[tid + s]);
        __syncthreads();
    }
    if (tid == 0) partial[blockIdx.x] = sdata[0];
}
