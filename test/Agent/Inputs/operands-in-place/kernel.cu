// Row variance (population), one warp of 32 threads per row. Two bugs: the
// squares are summed by a loop over the warp's lanes that steps by the grid's
// extent, and the sum is divided by cols - 1.
__device__ __forceinline__ float warp_total(float v) {
    for (int off = 16; off > 0; off /= 2) v += __shfl_xor_sync(0xffffffff, v, off);
    return v;
}

__global__ void row_var(const float* in, float* out, int cols) {
    const float* row = in + blockIdx.x * cols;
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += row[c];
    const float mu = warp_total(s) / cols;
    float q = 0.0f;
    for (int c = threadIdx.x; c < cols; c += gridDim.x) q += (row[c] - mu) * (row[c] - mu);
    float var = warp_total(q) / (cols - 1);  // population variance
    if (threadIdx.x == 0) out[blockIdx.x] = var;
}
