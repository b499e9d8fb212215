// hist[b] += count of data[i] == b (values in [0, NUM_BINS)); block-private shared histogram.
#include <cuda_runtime.h>
#define NUM_BINS 64

__global__ void histogram(const unsigned char* __restrict__ data, unsigned int* __restrict__ hist, int n) {
    __shared__ unsigned int local[NUM_BINS];
    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        unsigned char v = data[i];
        if (v < NUM_BINS) atomicAdd(&local[v], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
        atomicAdd(hist + b, local[b]);
}
