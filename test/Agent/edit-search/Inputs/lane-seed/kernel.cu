// y = W x + b, one warp per output row: each lane sums a strided part of the
// row, a shuffle sum adds the lanes. The bias seeds every lane's partial sum,
// so the row's total holds it 32 times.
__device__ __forceinline__ float lane_sum(float s) {
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    return s;
}

__global__ void gemv_bias_warp(const float* W, const float* x, const float* b, float* y,
                               int rows, int K) {
    const int warps = blockDim.x >> 5;
    const int r = blockIdx.x * warps + (threadIdx.x >> 5);
    const int lane = threadIdx.x & 31;
    if (r >= rows) return;
    float s = b[r];
    for (int k = lane; k < K; k += 32) s += W[r * K + k] * x[k];
    s = lane_sum(s);
    if (lane == 0) y[r] = s;
}
