#include <cuda_runtime.h>

// BLAS-style STRMV, uplo = 'L', trans = 'N', diag = 'N', out of place:
//   y := alpha * tril(A) * x
// A is n x n, column-major with leading dimension lda >= n (entries above the
// diagonal are not referenced).  One thread per output row; for a fixed column j the
// threads of a warp read consecutive addresses of A.
__global__ void strmv_lower_n(int n, float alpha, const float* __restrict__ A, int lda,
                              const float* __restrict__ x, float* __restrict__ y) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;

    float acc = 0.0f;
    const float* __restrict__ a_ij = A + i;   // A(i, 0)
    for (int j = 0; j <= i; ++j) {
        acc += (*a_ij) * __ldg(x + j);
        a_ij += lda;                           // next column
    }
    y[i] = alpha * acc;
}
