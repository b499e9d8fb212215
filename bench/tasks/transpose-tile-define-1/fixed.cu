#include <cuda_runtime.h>

#define TILE 16

// Tiled transpose through shared memory; one element per thread. out (cols x rows) = in^T.
__global__ void transpose_smem(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < cols && y < rows)
        tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < rows && y < cols)
        out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
}
