// SwiGLU: x holds [gate | up] per row (rows x 2*hidden), out = silu(gate) * up (rows x hidden).
// Each thread handles 4 consecutive columns; rows run along blockIdx.x.
#include <cstdint>

__device__ __forceinline__ float silu(float v) { return v / (1.0f + expf(-v)); }

__global__ void swiglu_vec4(const float* __restrict__ x, float* __restrict__ out,
                            int rows, int hidden) {
    const int row = blockIdx.x;
    const int c0 = (blockIdx.y * blockDim.x + threadIdx.x) * 4;
    if (row >= rows || c0 >= hidden) return;

    const int64_t in_off = (int64_t)row * 2 * hidden;
    const int64_t out_off = (int64_t)row * hidden;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        const int c = c0 + k;
        if (c >= hidden) break;
        const float g = x[in_off + c];
        const float u = x[in_off + hidden + c];
        out[out_off + c] = silu(g) * u;
    }
}
