// y = A x for half A (M x K) and half x, one warp per row, half2 loads.
#include <cuda_fp16.h>

__global__ void gemv_h2(const __half *A, const __half *x, float *y, int M, int K)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int lane = threadIdx.x % 32;
    if (warp >= M) return;
    const __half2 *a2 = reinterpret_cast<const __half2 *>(A + (size_t)warp * K);
    const __half2 *x2 = reinterpret_cast<const __half2 *>(x);
    float acc0 = 0.f, acc1 = 0.f;
    for (int k = lane; k < K / 2; k += 32) {
        float2 a = __half22float2(a2[k]);
        float2 b = __half22float2(x2[k]);
        acc0 += a.x * b.x;
        acc1 += a.y * b.y;
    }
    float s = acc0 + acc1;
    for (int o = 16; o > 0; o >>= 1)
        s += __shfl_down_sync(0xffffffff, s, o);
    if (lane == 0) y[warp] = s;
}
