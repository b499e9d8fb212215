#include <cuda_fp16.h>
// one thread per output element (n = x, m = y, batch = z), double accumulation
__global__ void hgemm_batched_ref(const __half* A, const __half* B, float* C, int M, int N, int K,
                                  long long strideA, long long strideB, long long strideC, float alpha, float beta) {
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    int m = blockIdx.y;
    long b = blockIdx.z;
    if (n >= N) return;
    double acc = 0.0;
    for (int k = 0; k < K; ++k)
        acc += (double)__half2float(A[b * strideA + (long)m * K + k]) * (double)__half2float(B[b * strideB + (long)k * N + n]);
    long i = b * strideC + (long)m * N + n;
    double c = (double)alpha * acc;
    if (beta != 0.f) c += (double)beta * (double)C[i];
    C[i] = (float)c;
}
