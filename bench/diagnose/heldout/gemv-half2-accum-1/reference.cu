#include <cuda_fp16.h>
__global__ void gemv_ref(const __half *A, const __half *x, float *y, int M, int K) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= M) return;
    double s = 0;
    for (int k = 0; k < K; ++k) s += (double)__half2float(A[(size_t)r * K + k]) * (double)__half2float(x[k]);
    y[r] = (float)s;
}
