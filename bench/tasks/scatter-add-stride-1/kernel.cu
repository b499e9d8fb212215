#include <cuda_runtime.h>

// scatter_add along dim 0: out[index[i], j] += src[i, j]; one thread per src element.
__global__ void scatter_add_dim0(const float* src, const int* index, float* out, int n, int dim) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n * dim) return;
    int i = t % n;
    int j = t / n;
    atomicAdd(&out[index[i] * dim + j], src[t]);
}
