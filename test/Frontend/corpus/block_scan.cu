// Inclusive prefix sum of each 256-element segment: out[i] = sum(in[seg_start..i]);
// Hillis-Steele scan in double-buffered shared memory, blockDim.x = 256.
#include <cuda_runtime.h>

__global__ void block_inclusive_scan(const int* in, int* out, int n) {
    __shared__ int buf[2][256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + tid;
    int pout = 0, pin = 1;
    buf[pout][tid] = gid < n ? in[gid] : 0;
    __syncthreads();
    for (int offset = 1; offset < blockDim.x; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (tid >= offset)
            buf[pout][tid] = buf[pin][tid] + buf[pin][tid - offset];
        else
            buf[pout][tid] = buf[pin][tid];
        __syncthreads();
    }
    if (gid < n) out[gid] = buf[pout][tid];
}
