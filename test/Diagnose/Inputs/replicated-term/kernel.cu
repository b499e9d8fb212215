// Row sums plus a per-row shift, the columns split over gridDim.y chunks:
// each chunk adds its partial sum into out[r] (zeroed by the host).
__global__ void rowsum_shift(const float* x, const float* shift, float* out, int rows,
                             int cols, int chunk) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    int c0 = blockIdx.y * chunk;
    int c1 = min(c0 + chunk, cols);
    float s = shift[r];
    for (int c = c0; c < c1; ++c) s += x[r * cols + c];
    atomicAdd(&out[r], s);
}
