// Shared-memory tiled matrix multiply, templated on the tile width.
#include <cuda_runtime.h>

template <int BLOCK>
__global__ void matmul_kernel(const float* __restrict__ a, const float* __restrict__ b,
                              float* __restrict__ c, int m, int n, int k) {
    __shared__ float tileA[BLOCK][BLOCK];
    __shared__ float tileB[BLOCK][BLOCK];
    const int r = blockIdx.y * BLOCK + threadIdx.y;
    const int cc = blockIdx.x * BLOCK + threadIdx.x;
    float sum = 0.f;
    for (int base = 0; base < k; base += BLOCK) {
        tileA[threadIdx.y][threadIdx.x] =
            (r < m && base + threadIdx.x < k) ? a[r * k + base + threadIdx.x] : 0.f;
        tileB[threadIdx.y][threadIdx.x] =
            (cc < n && base + threadIdx.y < k) ? b[(base + threadIdx.y) * n + cc] : 0.f;
        __syncthreads();
#pragma unroll
        for (int i = 0; i < BLOCK; ++i)
            sum += tileA[threadIdx.y][i] * tileB[i][threadIdx.x];
    }
    if (r < m && cc < n) c[r * n + cc] = sum;
}

template __global__ void matmul_kernel<16>(const float*, const float*, float*, int, int, int);
