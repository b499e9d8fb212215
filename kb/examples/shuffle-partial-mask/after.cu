// Dot product of rows with a vector: one warp per row, warp-shuffle reduction.
#include <cuda_runtime.h>

__inline__ __device__ float warpReduceSum(float val) {
    for (int offset = 16; offset > 0; offset /= 2)
        val += __shfl_down_sync(0xffffffff, val, offset);
    return val;
}

__global__ void row_dot_warp(const float* __restrict__ mat, const float* __restrict__ vec,
                             float* __restrict__ out, int rows, int cols) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x % 32;
    if (warp >= rows) return;
    float sum = 0.0f;
    for (int c = lane; c < cols; c += 32) sum += mat[warp * cols + c] * vec[c];
    sum = warpReduceSum(sum);
    if (lane == 0) out[warp] = sum;
}
