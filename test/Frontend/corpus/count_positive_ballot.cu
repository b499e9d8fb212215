// *count += number of x[i] > 0, via __ballot_sync + __popc per warp.
#include <cuda_runtime.h>

__global__ void count_positive(const float* x, int n, unsigned long long* count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool pos = i < n && x[i] > 0.0f;
    unsigned int bits = __ballot_sync(0xffffffffu, pos);
    if ((threadIdx.x & 31) == 0) {
        atomicAdd(count, (unsigned long long)__popc(bits));
    }
}
