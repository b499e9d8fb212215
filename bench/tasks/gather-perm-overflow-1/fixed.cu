#include <cuda_runtime.h>

// Multiplicative-hash permutation gather: out[i] = in[(i * step) mod n], step coprime with n.
__global__ void permute_gather(const float* __restrict__ in, float* __restrict__ out, int n, int step) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int src = (int)(((long long)i * step) % n);
        out[i] = in[src];
    }
}
