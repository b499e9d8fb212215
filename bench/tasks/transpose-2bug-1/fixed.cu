#include <cuda_runtime.h>

#define TILE 32
#define ROWS_PER_PASS 8

// batched transpose: in[b] is rows x cols, out[b] is cols x rows; grid.z = batch
__global__ void batched_transpose(const float* in, float* out, int rows, int cols) {
    __shared__ float buf[TILE][TILE + 1];
    const size_t plane = (size_t)rows * cols;
    const float* src = in + blockIdx.z * plane;
    float* dst = out + blockIdx.z * plane;
    int c = blockIdx.x * TILE + threadIdx.x;
    int r0 = blockIdx.y * TILE + threadIdx.y;
    for (int k = 0; k < TILE; k += ROWS_PER_PASS)
        if (c < cols && r0 + k < rows) buf[threadIdx.y + k][threadIdx.x] = src[(size_t)(r0 + k) * cols + c];
    __syncthreads();
    int r = blockIdx.y * TILE + threadIdx.x;
    int c0 = blockIdx.x * TILE + threadIdx.y;
    for (int k = 0; k < TILE; k += ROWS_PER_PASS)
        if (r < rows && c0 + k < cols) dst[(size_t)(c0 + k) * rows + r] = buf[threadIdx.x][threadIdx.y + k];
}
