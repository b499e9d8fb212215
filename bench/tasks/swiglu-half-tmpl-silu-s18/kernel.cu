#include <cuda_fp16.h>
#include <cuda_runtime.h>

__device__ __forceinline__ float load_as_float(const __half* p) { return __half2float(*p); }
__device__ __forceinline__ float load_as_float(const float* p) { return *p; }
__device__ __forceinline__ void store_from_float(__half* p, float v) { *p = __float2half_rn(v); }
__device__ __forceinline__ void store_from_float(float* p, float v) { *p = v; }

__device__ __forceinline__ float silu(float x) {
    return 1.0f / (1.0f + __expf(-x));
}

// SwiGLU activation of a fused gate/up projection.
// gate_up: [tokens, 2 * hidden], first half of each row = gate, second half = up.
// out:     [tokens, hidden] = silu(gate) * up.  Grid-stride over the output.
template <typename scalar_t>
__global__ void swiglu_fwd(const scalar_t* __restrict__ gate_up, scalar_t* __restrict__ out,
                           int tokens, int hidden) {
    const long long n = (long long)tokens * hidden;
    const long long stride = (long long)blockDim.x * gridDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const long long t = i / hidden;
        const long long j = i - t * hidden;
        const scalar_t* row = gate_up + t * 2 * hidden;
        const float g = load_as_float(row + j);
        const float u = load_as_float(row + hidden + j);
        store_from_float(out + i, silu(g) * u);
    }
}

template __global__ void swiglu_fwd<__half>(const __half* __restrict__, __half* __restrict__, int, int);
template __global__ void swiglu_fwd<float>(const float* __restrict__, float* __restrict__, int, int);
