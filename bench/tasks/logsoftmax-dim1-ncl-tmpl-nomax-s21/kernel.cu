#include <cuda_runtime.h>

// torch.log_softmax(x, dim=1) for x of shape (N, C, L).
// One thread per (n, l) column: it walks the C channels with stride L.
// grid = (ceil(L / BLOCK), N), block = BLOCK.
template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) log_softmax_dim1(const float* __restrict__ x, float* __restrict__ y, int C, int L) {
    const int l = blockIdx.x * BLOCK + threadIdx.x;
    const int n = blockIdx.y;
    if (l >= L) return;

    const size_t base = (size_t)n * C * L + l;
    const float* __restrict__ xc = x + base;
    float* __restrict__ yc = y + base;

    float sum = 0.0f;
#pragma unroll 4
    for (int c = 0; c < C; ++c) {
        sum += __expf(__ldg(xc + (size_t)c * L));
    }
    const float lse = __logf(sum);

#pragma unroll 4
    for (int c = 0; c < C; ++c) {
        yc[(size_t)c * L] = __ldg(xc + (size_t)c * L) - lse;
    }
}

template __global__ void log_softmax_dim1<128>(const float*, float*, int, int);
