#include <cuda_fp16.h>
#include <cuda_runtime.h>

typedef float acc_t;
#define COS_EPS 1e-8f

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// Row-wise cosine similarity of two [n, d] fp16 embedding matrices:
//   sim[i] = <a_i, b_i> / max(|a_i| * |b_i|, eps)
// blockDim = (32, 4): one warp per row, 4 rows per block.
__global__ void rowwise_cosine_f16(const __half* __restrict__ a, const __half* __restrict__ b,
                                   float* __restrict__ sim, int n, int d) {
    const int row = blockIdx.x * blockDim.y + threadIdx.y;
    if (row >= n) return;
    const __half* __restrict__ ar = a + (size_t)row * d;
    const __half* __restrict__ br = b + (size_t)row * d;

    acc_t dot = 0.0f, saa = 0.0f, sbb = 0.0f;
    for (int k = threadIdx.x; k < d; k += 32) {
        const acc_t x = __half2float(ar[k]);
        const acc_t y = __half2float(br[k]);
        dot += x * y;
        saa += x * x;
        sbb += y * y;
    }
    const float fd = warp_sum((float)dot);
    const float fa = warp_sum((float)saa);
    const float fb = warp_sum((float)sbb);
    if (threadIdx.x == 0) sim[row] = fd / fmaxf(sqrtf(fa) * sqrtf(fb), COS_EPS);
}
