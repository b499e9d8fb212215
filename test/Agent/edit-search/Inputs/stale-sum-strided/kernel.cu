// Row maxima of |x| scaled by the row's mean square, one warp per row; too
// few warps for the rows, so each warp strides over several of them.
__global__ void row_energy(const float* x, float* out, int rows, int cols) {
    int lane = threadIdx.x & 31;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    int nwarps = (gridDim.x * blockDim.x) >> 5;
    float ss = 0.0f;
    for (int r = warp; r < rows; r += nwarps) {
        for (int j = lane; j < cols; j += 32) {
            float v = x[r * cols + j];
            ss += v * v;
        }
        for (int o = 16; o > 0; o /= 2) ss += __shfl_xor_sync(0xffffffff, ss, o);
        if (lane == 0) out[r] = ss / cols;
    }
}
