#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define BLOCK_SIZE 256
#define WARP_SIZE 32

// torch.cumsum(x.flip(-1), dim=-1).flip(-1) for a half [rows, cols] tensor:
// y[r][j] = sum_{k >= j} x[r][k]. One thread scans one row from the right end,
// rows distributed with a grid-stride loop.
__global__ void reverse_cumsum_half_kernel(const __half* __restrict__ x,
                                           __half* __restrict__ y,
                                           int rows, int cols) {
    for (int row = blockIdx.x * blockDim.x + threadIdx.x; row < rows;
         row += blockDim.x * gridDim.x) {
        const __half* __restrict__ xr = x + (size_t)row * cols;
        __half* __restrict__ yr = y + (size_t)row * cols;

        float running = 0.0f;
        for (int j = cols - 1; j >= 0; --j) {
            running += __half2float(xr[j]);
            yr[j] = __float2half(running);
        }
    }
}
