#include <cuda_runtime.h>

// y = A @ x  (torch.matmul of a [M, K] matrix with a [K] vector), K % 4 == 0.
// A row is short, so a row gets LANES = 16 lanes (half a warp): two rows per warp,
// ROWS_PER_BLOCK = blockDim.x / LANES rows per block. float4 loads along K.
#define LANES 16
#define FULL 0xffffffffu

__global__ void gemv_halfwarp_f4(const float* __restrict__ A, const float* __restrict__ x,
                                 float* __restrict__ y, int M, int K) {
    const int sub = threadIdx.x % LANES;                      // lane within the row group
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / LANES;
    const int k4 = K >> 2;

    float acc = 0.0f;
    if (row < M) {
        const float4* __restrict__ a4 = reinterpret_cast<const float4*>(A + (size_t)row * K);
        const float4* __restrict__ x4 = reinterpret_cast<const float4*>(x);
#pragma unroll 4
        for (int j = sub; j < k4; j += LANES) {
            const float4 a = __ldg(a4 + j);
            const float4 b = __ldg(x4 + j);
            acc += a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
        }
    }
    // reduce inside each 16-lane group (every lane of the warp takes part)
#pragma unroll
    for (int off = LANES; off > 0; off >>= 1) acc += __shfl_down_sync(FULL, acc, off);

    if (row < M && sub == 0) y[row] = acc;
}
