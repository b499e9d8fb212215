#include <cuda_fp16.h>

// Softmax over rows of a half tensor; exponentials in half, sum in float.
__global__ void softmax_half(const __half* x, __half* y, int rows, int cols) {
    __shared__ float warp_part[8];
    __shared__ __half row_max;
    const int row = blockIdx.x;
    const __half* xr = x + (long long)row * cols;
    __half* yr = y + (long long)row * cols;
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;

    if (threadIdx.x == 0) {
        __half m = xr[0];
        for (int c = 1; c < cols; ++c) m = __hmax(m, xr[c]);
        row_max = m;
    }
    __syncthreads();
    const __half m = row_max;

    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __half2float(hexp(__hsub(xr[c], m)));
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    if (lane == 0) warp_part[wid] = s;
    __syncthreads();
    float tot = 0.f;
    for (int w = 0; w < (int)(blockDim.x >> 5); ++w) tot += warp_part[w];

    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        yr[c] = __float2half(__half2float(hexp(__hsub(xr[c], m))) / tot);
}
