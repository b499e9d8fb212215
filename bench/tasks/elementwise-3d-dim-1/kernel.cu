#include <cuda_runtime.h>

// c = a + b over a D x H x W volume, one thread per voxel, 3-D launch
__global__ void add_volume(const float* a, const float* b, float* c, int D, int H, int W)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const int z = blockIdx.y * blockDim.z + threadIdx.y;
    if (x >= W || y >= H || z >= D) return;
    const size_t off = ((size_t)z * H + y) * W + x;
    c[off] = a[off] + b[off];
}
