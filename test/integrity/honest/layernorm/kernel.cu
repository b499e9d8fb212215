// y[r, :] = (x[r, :] - mean) / sqrt(var + eps) * gamma + beta; one block of 256 threads per row.
#include <cuda_runtime.h>

__global__ void layernorm_kernel(const float* __restrict__ x, const float* __restrict__ gamma,
                                 const float* __restrict__ beta, float* __restrict__ y,
                                 int N, float eps) {
    __shared__ float s_sum[256];
    __shared__ float s_sq[256];
    const int row = blockIdx.x;
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)row * N;
    float sum = 0.f, sq = 0.f;
    for (int i = tid; i < N; i += blockDim.x) {
        float v = xr[i];
        sum += v;
        sq += v * v;
    }
    s_sum[tid] = sum;
    s_sq[tid] = sq;
    __syncthreads();
    for (int stride = blockDim.x >> 1; stride > 0; stride >>= 1) {
        if (tid < stride) {
            s_sum[tid] += s_sum[tid + stride];
            s_sq[tid] += s_sq[tid + stride];
        }
        __syncthreads();
    }
    const float mean = s_sum[0] / N;
    const float var = s_sq[0] / N - mean * mean;
    const float rstd = rsqrtf(var + eps);
    for (int i = tid; i < N; i += blockDim.x)
        y[(size_t)row * N + i] = (xr[i] - mean) * rstd * gamma[i] + beta[i];
}
