// out[i] = silu(gate[i]) * up[i], silu(x) = x / (1 + exp(-x)).
#include <cuda_runtime.h>

__device__ inline float silu(float x) { return x / (1.0f + __expf(-x)); }

__global__ void swiglu_kernel(const float* gate, const float* up, float* out, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = silu(gate[i]) * up[i];
    }
}
