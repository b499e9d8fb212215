// Inserts keys[i] (non-negative) into an open-addressing hash set of `capacity` slots
// (a power of two, initialised to -1) with linear probing and atomicCAS.
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned int hash_u32(unsigned int k) {
    k ^= k >> 16;
    k *= 0x85ebca6bu;
    k ^= k >> 13;
    k *= 0xc2b2ae35u;
    k ^= k >> 16;
    return k;
}

__global__ void hash_insert(const int* keys, int n, int* table, int capacity) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int key = keys[i];
    unsigned int slot = hash_u32((unsigned int)key) & (capacity - 1);
    while (true) {
        int prev = atomicCAS(&table[slot], -1, key);
        if (prev == -1 || prev == key) break;
        slot = (slot + 1) & (capacity - 1);
    }
}
