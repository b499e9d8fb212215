#include <cuda_fp16.h>

// half GEMM, fp32 accumulation: C = A * B, one thread per output
__global__ void hgemm_naive(const __half* A, const __half* B, __half* C, int M, int N, int K) {
    int m = blockIdx.y * blockDim.y + threadIdx.y;
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (m >= M || n >= N) return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) acc += __half2float(A[m * K + k]) * __half2float(B[k * N + n]);
    C[m * N + n] = __float2half(acc);
}
