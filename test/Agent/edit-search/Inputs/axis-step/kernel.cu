// out = 2 * x on a [R, N] matrix: blockIdx.y is the row, up to 4 blocks of
// BLOCK threads along x stride over the row.
#define BLOCK 64
__global__ void scale_rows(const float* x, float* out, int N) {
    const float* xr = x + (size_t)blockIdx.y * N;
    float* orow = out + (size_t)blockIdx.y * N;
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < N; i += BLOCK * gridDim.y)
        orow[i] = 2.0f * xr[i];
}
