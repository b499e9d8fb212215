// Row-wise scale of an R x C matrix: each block takes one row, its threads
// handle column pairs, and thread 0 takes the last column when C is odd.
__global__ void scale_rows(const float* x, const float* s, float* y, int R, int C) {
    int row = blockIdx.x;
    if (row >= R) return;
    int half = C / 2;
    const float* xr = x + (size_t)row * C;
    float* yr = y + (size_t)row * C;
    float f = s[row];
    for (int p = threadIdx.x; p < half; p += blockDim.x) {
        yr[2 * p] = xr[2 * p] * f;
        yr[2 * p + 1] = xr[2 * p + 1] * f;
    }
    if (threadIdx.x == 0 && (C & 1)) {
        int lastCol = half;
        yr[lastCol] = xr[lastCol] * f;
    }
}
