#include <cuda_runtime.h>

#define SCAN_BLOCK 256

// torch.cumprod(x, dim=1) for a contiguous [rows, cols] tensor.
// One block per row; the row is walked in SCAN_BLOCK-wide chunks, each chunk is scanned
// in shared memory (Hillis-Steele, multiplicative) and scaled by the running carry.
__global__ void cumprod_rows_kernel(const float* __restrict__ x, float* __restrict__ y, int cols) {
    __shared__ float buf[SCAN_BLOCK];
    const int tid = threadIdx.x;
    const float* __restrict__ xr = x + (size_t)blockIdx.x * cols;
    float* __restrict__ yr = y + (size_t)blockIdx.x * cols;

    float carry = 1.0f;
    for (int base = 0; base < cols; base += SCAN_BLOCK) {
        const int c = base + tid;
        buf[tid] = (c < cols) ? xr[c] : 1.0f;
        __syncthreads();
        for (int off = 1; off < SCAN_BLOCK; off <<= 1) {
            const float left = (tid >= off) ? buf[tid - off] : 1.0f;
            __syncthreads();
            buf[tid] *= left;
            __syncthreads();
        }
        if (c < cols) yr[c] = carry * buf[tid];
        carry *= buf[SCAN_BLOCK - 1];
        __syncthreads();  // everyone has read buf[SCAN_BLOCK - 1] before the next chunk lands
    }
}
