#include <cuda_runtime.h>
#include <math_constants.h>
#include <math.h>

// row-wise max, one block (128 threads) per row
__global__ void row_max_kernel(const float* __restrict__ x, float* __restrict__ out, int rows, int cols) {
    __shared__ float warp_max[4];
    const float* xr = x + (size_t)blockIdx.x * cols;
    float m = -CUDART_INF_F;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
    if (threadIdx.x % 32 == 0) warp_max[threadIdx.x / 32] = m;
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = fmaxf(fmaxf(warp_max[0], warp_max[1]), fmaxf(warp_max[2], warp_max[3]));
}
