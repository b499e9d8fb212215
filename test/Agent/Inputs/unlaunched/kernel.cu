// Candidate from a generation pipeline: fused bias + GELU (tanh form).
// It passed on the pipeline's own test size (a multiple of 256) but fails on others.
#include <cuda_runtime.h>
#include <math.h>

__device__ __forceinline__ float gelu_tanh(float x) {
    const float k0 = 0.7978845608f;  // sqrt(2/pi)
    const float k1 = 0.044715f;
    float inner = k0 * (x + k1 * x * x * x);
    return 0.5f * x * (1.0f + tanhf(inner));
}

__global__ void bias_gelu_kernel(const float* __restrict__ x, const float* __restrict__ bias,
                                 float* __restrict__ out, int rows, int cols) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int col = idx % cols;
    out[idx] = gelu_tanh(x[idx] + bias[col]);
}

// Never launched by the task: the same missing tail guard.
__global__ void scale_unused(const float* __restrict__ x, float* __restrict__ y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = 2.0f * x[i];
}

// Never launched either: a max reduction that starts from 0 and accumulates in half.
__global__ void rowmax_unused(const float* __restrict__ x, float* __restrict__ y, int n) {
    float m = 0.0f;
    for (int i = 0; i < n; ++i) m = fmaxf(m, x[i]);
    y[0] = m;
}
