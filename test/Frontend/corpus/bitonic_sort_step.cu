// One compare-exchange step (j, k) of a bitonic sort of n = 2^m unsigned keys in place.
#include <cuda_runtime.h>

__global__ void bitonic_step(unsigned int* keys, int j, int k) {
    unsigned int i = threadIdx.x + blockDim.x * blockIdx.x;
    unsigned int ixj = i ^ j;
    if (ixj > i) {
        unsigned int a = keys[i], b = keys[ixj];
        bool ascending = (i & k) == 0;
        if ((ascending && a > b) || (!ascending && a < b)) {
            keys[i] = b;
            keys[ixj] = a;
        }
    }
}
