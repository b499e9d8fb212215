#include <cuda_runtime.h>

#define BX 32
#define BY 8

// Column sums of a rows x cols matrix. Block (BX, BY): x picks the column, the BY threads of a
// column each sum a strided subset of the rows, then combine in shared memory.
__global__ void column_sum(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    __shared__ float part[BY][BX];
    const int col = blockIdx.x * BX + threadIdx.x;
    float s = 0.f;
    if (col < cols)
        for (int r = threadIdx.y; r < rows; r += blockDim.y)
            s += in[(size_t)r * cols + col];
    part[threadIdx.y][threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.y == 0 && col < cols) {
        float t = 0.f;
        for (int j = 0; j < BY; ++j) t += part[j][threadIdx.x];
        out[col] = t;
    }
}
