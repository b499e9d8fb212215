// out[index[i], j] += src[i, j] for i < n, j < dim (atomic adds; out pre-initialised).
#include <cuda_runtime.h>

__global__ void scatter_add_rows(const float* src, const int* index, float* out, int n, int dim) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y;
    if (i < n && j < dim) {
        int dst = index[i];
        atomicAdd(&out[dst * dim + j], src[i * dim + j]);
    }
}
