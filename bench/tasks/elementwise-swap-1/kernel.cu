// SwiGLU: out = silu(gate) * up
#include <cuda_runtime.h>
#include <cmath>

__device__ __forceinline__ float silu(float x) { return x / (1.0f + expf(-x)); }

__global__ void swiglu_fwd(const float* __restrict__ gate, const float* __restrict__ up,
                           float* __restrict__ out, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long stride = (long long)gridDim.x * blockDim.x;
    for (; i < n; i += stride) {
        float g = gate[i];
        float u = up[i];
        out[i] = silu(u) * g;
    }
}
