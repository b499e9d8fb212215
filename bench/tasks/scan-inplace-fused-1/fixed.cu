#include <cuda_runtime.h>

// Row-wise inclusive cumulative sum: one block per row, the row walked in
// chunks of blockDim.x, each chunk scanned in shared memory (Hillis-Steele)
// and offset by the running total of the previous chunks.
__global__ void row_cumsum(const float* __restrict__ x, float* __restrict__ y, int cols) {
    extern __shared__ float buf[];
    const int t = threadIdx.x;
    const float* src = x + (long)blockIdx.x * cols;
    float* dst = y + (long)blockIdx.x * cols;
    float running = 0.0f;
    for (int start = 0; start < cols; start += blockDim.x) {
        const int c = start + t;
        buf[t] = c < cols ? src[c] : 0.0f;
        __syncthreads();
        for (int d = 1; d < blockDim.x; d *= 2) {
            float left = 0.0f;
            if (t >= d)
                left = buf[t - d];
            __syncthreads();
            if (t >= d)
                buf[t] = buf[t] + left;
            __syncthreads();
        }
        if (c < cols)
            dst[c] = running + buf[t];
        running += buf[blockDim.x - 1];
        __syncthreads();
    }
}
