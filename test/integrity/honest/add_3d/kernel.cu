// c[z, y, x] = a[z, y, x] + b[z, y, x] for a D x H x W volume; 3-D blocks (8, 8, 4) and grid.
#include <cuda_runtime.h>

__global__ void add3d(const float* a, const float* b, float* c, int D, int H, int W) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < W && y < H && z < D) {
        int idx = (z * H + y) * W + x;
        c[idx] = a[idx] + b[idx];
    }
}
