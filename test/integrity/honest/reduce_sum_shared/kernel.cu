// *out += sum(in[0..n)), 256 threads per block, shared-memory tree, one atomicAdd per block.
// *out must be zeroed before the launch.
#include <cuda_runtime.h>
#define BLOCK_SIZE 256

__global__ void reduce_sum(const float* in, float* out, int n) {
    __shared__ float sdata[BLOCK_SIZE];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) atomicAdd(out, sdata[0]);
}
