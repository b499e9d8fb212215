#include <cuda_runtime.h>
#include <math.h>

// Row-wise log-sum-exp, one block per row; the block size is a template parameter.
template <int BLOCK>
__global__ void logsumexp_rows(const float* __restrict__ in, float* __restrict__ out, int n_cols) {
    __shared__ float partial[BLOCK];
    __shared__ float pmax[BLOCK];
    const float* row = in + (size_t)blockIdx.x * n_cols;
    float m = -INFINITY;
    for (int j = threadIdx.x; j < n_cols; j += BLOCK) m = fmaxf(m, row[j]);
    pmax[threadIdx.x] = m;
    __syncthreads();
    for (int stride = BLOCK / 2; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride) pmax[threadIdx.x] = fmaxf(pmax[threadIdx.x], pmax[threadIdx.x + stride]);
        __syncthreads();
    }
    const float rmax = pmax[0];
    float acc = 0.f;
    for (int j = threadIdx.x; j < n_cols; j += BLOCK)
        acc += __expf(row[j] - rmax);
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = BLOCK / 2; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride) partial[threadIdx.x] = partial[threadIdx.x] + partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = rmax + logf(partial[0]);
}

template __global__ void logsumexp_rows<128>(const float*, float*, int);
