#include <cuda_runtime.h>

#define BLOCK 128

// LayerNorm forward (one block per row); classic shared-memory tree reductions.
__global__ void ln_forward_kernel(const float *x, const float *gamma, const float *beta, float *y,
                                  int rows, int cols, float eps)
{
    __shared__ float sbuf[BLOCK];
    int tid = threadIdx.x;
    const float *in = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols;

    float acc = 0.0f;
    for (int i = tid; i < cols; i += BLOCK) acc += in[i];
    sbuf[tid] = acc;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s) sbuf[tid] += sbuf[tid + s];
        __syncthreads();
    }
    float mu = sbuf[0] / cols;

    acc = 0.0f;
    for (int i = tid; i < cols; i += BLOCK) { float d = in[i] - mu; acc += d * d; }
    sbuf[tid] = acc;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (tid < s) sbuf[tid] += sbuf[tid + s];
        __syncthreads();
    }
    float rs = rsqrtf(sbuf[0] / cols + eps);

    for (int i = tid; i < cols; i += BLOCK) out[i] = (in[i] - mu) * rs * gamma[i] + beta[i];
}
