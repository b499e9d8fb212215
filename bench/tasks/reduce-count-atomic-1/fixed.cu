#include <cuda_runtime.h>

// Counts x[i] > thresh. Warp-aggregated: each warp's leader adds the warp's popcount to a
// block counter in shared memory; thread 0 publishes the block total with one global atomic.
__global__ void count_above(const float* x, int n, float thresh, unsigned int* count) {
    __shared__ unsigned int block_count;
    if (threadIdx.x == 0) block_count = 0;
    __syncthreads();

    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x & 31;
    const bool pred = (i < n) && (x[i] > thresh);
    const unsigned int ballot = __ballot_sync(0xffffffffu, pred);
    if (lane == 0) atomicAdd(&block_count, (unsigned int)__popc(ballot));
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(count, block_count);
}
