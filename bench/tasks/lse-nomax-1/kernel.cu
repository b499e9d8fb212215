#include <cuda_runtime.h>
#include <math.h>

// Row-wise log-sum-exp, one block per row; the block size is a template parameter.
template <int BLOCK>
__global__ void logsumexp_rows(const float* __restrict__ in, float* __restrict__ out, int n_cols) {
    __shared__ float partial[BLOCK];
    const float* row = in + (size_t)blockIdx.x * n_cols;
    float acc = 0.f;
    for (int j = threadIdx.x; j < n_cols; j += BLOCK)
        acc += __expf(row[j]);
    partial[threadIdx.x] = acc;
    __syncthreads();
#pragma unroll
    for (int stride = BLOCK / 2; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride) partial[threadIdx.x] = partial[threadIdx.x] + partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = logf(partial[0]);
}

template __global__ void logsumexp_rows<128>(const float*, float*, int);
