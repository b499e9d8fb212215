// y[r, :] = softmax(x[r, :]); one warp per row, 4 warps (128 threads) per block.
#include <cuda_runtime.h>
#include <math.h>

__inline__ __device__ float warp_max(float v) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
    return v;
}
__inline__ __device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    return v;
}

__global__ void softmax_warp_kernel(const float* x, float* y, int rows, int cols) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x & 31;
    if (warp >= rows) return;
    const float* in = x + (long long)warp * cols;
    float* out = y + (long long)warp * cols;
    float mx = -INFINITY;
    for (int j = lane; j < cols; j += 32) mx = fmaxf(mx, in[j]);
    mx = warp_max(mx);
    float s = 0.0f;
    for (int j = lane; j < cols; j += 32) s += __expf(in[j] - mx);
    s = warp_sum(s);
    for (int j = lane; j < cols; j += 32) out[j] = __expf(in[j] - mx) / s;
}
