// Scale each row to unit RMS (x / sqrt(mean(x^2) + eps)), one 64-thread block per row.
#include <cuda_runtime.h>
#include <math.h>

#define EPS 1e-6f

__device__ float block_sum(float v, float* buf) {
    buf[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
        __syncthreads();
    }
    return buf[0];
}

__global__ void l2_normalize_rows(const float* in, float* out, int dim) {
    __shared__ float buf[64];
    int row = blockIdx.x;
    float acc = 0.0f;
    for (int j = threadIdx.x; j < dim; j += blockDim.x) {
        float v = in[row * dim + j];
        acc += v * v;
    }
    float total = block_sum(acc, buf);
    float denom = sqrtf(total / dim) + EPS;
    for (int j = threadIdx.x; j < dim; j += blockDim.x)
        out[row * dim + j] = in[row * dim + j] / denom;
}
