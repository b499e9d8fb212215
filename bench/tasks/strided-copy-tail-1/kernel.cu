#include <cuda_runtime.h>

// Packs the leading `cols` columns of a row-major matrix with leading dimension ld
// into a dense rows x cols matrix. One thread per output element, 1-D launch.
__global__ void pack_submatrix(const float* src, float* packed, int rows, int cols, int ld)
{
    unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int r = idx / cols;
    unsigned int c = idx % cols;
    packed[idx] = src[r * ld + c];
}
