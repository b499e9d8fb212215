// Mean of the first `cols` entries of each row of a padded matrix (rows of
// `ld` floats, ld >= cols). One warp per row. The reciprocal is taken of the
// padded row length instead of the number of entries averaged.
__global__ void row_mean(const float* x, float* out, int rows, int cols, int ld) {
    int row = blockIdx.x;
    if (row >= rows) return;
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += 32) s += x[row * ld + c];
    for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(0xffffffff, s, o);
    float inv = 1.0f / (float)ld;
    if (threadIdx.x == 0) out[row] = s * inv;
}
