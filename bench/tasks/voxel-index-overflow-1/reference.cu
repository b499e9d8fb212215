// 64-bit flattening, one thread per point
__global__ void voxel_ref(const long long* coords, long long* flat, int npts, int H, int W) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npts) return;
    long long z = coords[3 * p], y = coords[3 * p + 1], x = coords[3 * p + 2];
    flat[p] = (z * (long long)H + y) * (long long)W + x;
}
