#include <cuda_fp16.h>

// half GEMM, fp32 accumulation: C = A * B, one thread per output
__global__ void hgemm_naive(const __half* A, const __half* B, __half* C, int M, int N, int K) {
    int m = blockIdx.y * blockDim.y + threadIdx.y;
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= M || n >= N) return;
    __half acc = __float2half(0.0f);
    for (int k = 0; k < K; ++k) acc = __hfma(A[m * K + k], B[k * N + n], acc);
    C[m * N + n] = acc;
}
