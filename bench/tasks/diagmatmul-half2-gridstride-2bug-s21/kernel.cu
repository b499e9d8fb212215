#include <cuda_fp16.h>
#include <cuda_runtime.h>

// torch.diag(a) @ B for a: (N,), B: (N, M), fp16, M even.
// out[i, j] = a[i] * B[i, j]; the matrix is walked as __half2 pairs
// (M / 2 pairs per row) in a grid-stride loop, math in fp32.
__global__ void diag_matmul_half2(const __half* __restrict__ a,
                                  const __half* __restrict__ B,
                                  __half* __restrict__ out, int N, int M) {
    const int pairs_per_row = M >> 1;
    const long long npairs = (long long)N * pairs_per_row;
    const __half2* __restrict__ B2 = reinterpret_cast<const __half2*>(B);
    __half2* __restrict__ out2 = reinterpret_cast<__half2*>(out);

    const long long step = (long long)blockDim.x * gridDim.x;
    for (long long p = (long long)blockIdx.x * gridDim.x + threadIdx.x; p < npairs; p += step) {
        const int row = (int)(p / M);
        const float s = __half2float(a[row]);
        const float2 v = __half22float2(B2[p]);
        out2[p] = __floats2half2_rn(v.x * s, v.y * s);
    }
}
