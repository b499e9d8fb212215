#include <cuda_runtime.h>

#define GER_BX 32
#define GER_BY 8

// BLAS SGER, column-major:  A := alpha * x * y^T + A
//   A is m x n with leading dimension lda; x, y are strided vectors (incx, incy > 0).
// block = (GER_BX, GER_BY): threadIdx.x runs down a column (contiguous in memory),
// threadIdx.y picks the column; the grid's y dimension strides over the columns.
__global__ void sger_colmajor(int m, int n, float alpha,
                              const float* __restrict__ x, int incx,
                              const float* __restrict__ y, int incy,
                              float* __restrict__ A, int lda) {
    const int i = blockIdx.x * GER_BX + threadIdx.x;
    if (i >= m) return;
    const float ax = alpha * x[(size_t)i * incx];

    for (int j = blockIdx.y * GER_BY + threadIdx.x; j < n; j += GER_BY * gridDim.y) {
        A[i + (size_t)j * lda] += ax * y[(size_t)j * incy];
    }
}
