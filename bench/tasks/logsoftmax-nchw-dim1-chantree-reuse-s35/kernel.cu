#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cmath>

// torch.log_softmax(x, dim=1) for an NCHW tensor: for every (n, h, w) the C values
// x[n, :, h, w] (stride H*W apart) are normalised.
// Block = (SP_TILE spatial positions) x (CH_SPLIT channel slices). Thread (tx, ty) walks
// channels ty, ty + CH_SPLIT, ... of spatial position s; the CH_SPLIT partial results of a
// position are combined with a tree over threadIdx.y in shared memory, first for the max,
// then (same buffer) for the sum of exponentials.
// grid = (ceil(HW / SP_TILE), N).

#define SP_TILE 32
#define CH_SPLIT 8
#define NCHW_AT(n, c, s) (((size_t)(n) * C + (c)) * HW + (s))

__global__ void log_softmax_dim1_nchw(const float* __restrict__ x, float* __restrict__ y,
                                      int C, int HW) {
    __shared__ float red[CH_SPLIT][SP_TILE + 1];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int n = blockIdx.y;
    const int s = blockIdx.x * SP_TILE + tx;
    const bool active = s < HW;

    // 1) max over the channels
    float m = -INFINITY;
    if (active)
        for (int c = ty; c < C; c += CH_SPLIT) m = fmaxf(m, x[NCHW_AT(n, c, s)]);
    red[ty][tx] = m;
    __syncthreads();
    for (int k = CH_SPLIT / 2; k > 0; k >>= 1) {
        if (ty < k) red[ty][tx] = fmaxf(red[ty][tx], red[ty + k][tx]);
        __syncthreads();
    }
    m = red[0][tx];

    // 2) sum of exp(x - max), reusing the buffer
    float se = 0.0f;
    if (active)
        for (int c = ty; c < C; c += CH_SPLIT) se += expf(x[NCHW_AT(n, c, s)] - m);
    red[ty][tx] = se;
    __syncthreads();
    for (int k = CH_SPLIT / 2; k > 0; k >>= 1) {
        if (ty < k) red[ty][tx] += red[ty + k][tx];
        __syncthreads();
    }
    const float lse = m + logf(red[0][tx]);

    // 3) write
    if (active)
        for (int c = ty; c < C; c += CH_SPLIT) y[NCHW_AT(n, c, s)] = x[NCHW_AT(n, c, s)] - lse;
}

torch::Tensor log_softmax_dim1(torch::Tensor x) {
    const int N = x.size(0), C = x.size(1), HW = x.size(2) * x.size(3);
    auto y = torch::empty_like(x);
    dim3 block(SP_TILE, CH_SPLIT);
    dim3 grid((HW + SP_TILE - 1) / SP_TILE, N);
    log_softmax_dim1_nchw<<<grid, block>>>(x.data_ptr<float>(), y.data_ptr<float>(), C, HW);
    return y;
}
