#include <cstdint>

// Flatten voxel coordinates of a D x H x W volume. coords holds one (z, y, x) int64 triple per point.
__global__ void voxel_flat_index(const int64_t* __restrict__ coords, int64_t* __restrict__ flat,
                                 int npts, int H, int W) {
    const int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npts) return;
    const int z = coords[3 * p + 0];
    const int y = coords[3 * p + 1];
    const int x = coords[3 * p + 2];
    flat[p] = (z * H + y) * W + x;
}
