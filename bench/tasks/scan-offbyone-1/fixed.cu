#include <cuda_runtime.h>

#define SEG 256

// Inclusive prefix sum of each 256-element segment (Hillis-Steele, in place, blockDim.x == SEG)
__global__ void segment_scan(const int* in, int* out, int n) {
    __shared__ int s[SEG];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * SEG + tid;
    s[tid] = (i < n) ? in[i] : 0;
    __syncthreads();
    for (int off = 1; off < SEG; off <<= 1) {
        int add = 0;
        if (tid >= off) add = s[tid - off];
        __syncthreads();
        if (tid >= off) s[tid] += add;
        __syncthreads();
    }
    if (i < n) out[i] = s[tid];
}
