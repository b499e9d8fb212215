#include <cuda_fp16.h>
__global__ void hgemm_ref(const __half* A, const __half* B, __half* C, int M, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M * N) return;
    int r = i / N, c = i % N;
    double s = 0.0;
    for (int k = 0; k < K; ++k) s += (double)__half2float(A[r * K + k]) * __half2float(B[k * N + c]);
    C[i] = __float2half((float)s);
}
