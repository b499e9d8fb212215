#include <cuda_runtime.h>

// segmented inclusive scan, double-buffered shared memory, 256 threads per block
__global__ void block_inclusive_scan(const int* __restrict__ in, int* __restrict__ out, int n) {
    __shared__ int buf[2][256];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    int cur = 0;
    buf[cur][t] = (g < n) ? in[g] : 0;
    __syncthreads();
    for (int d = 1; d < blockDim.x; d *= 2) {
        int nxt = 1 - cur;
        buf[nxt][t] = buf[cur][t] + (t >= d ? buf[cur][t - d] : 0);
        cur = nxt;
        __syncthreads();
    }
    if (g < n) out[g] = buf[cur][t];
}
