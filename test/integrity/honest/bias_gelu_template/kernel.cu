// out[r, c] = gelu(in[r, c] + bias[c]) (tanh approximation); each thread handles ITEMS
// consecutive elements of a row through a register array. Templated on ITEMS (4, 8).
#include <cuda_runtime.h>

template <int ITEMS>
__global__ void bias_gelu(const float* __restrict__ in, const float* __restrict__ bias,
                          float* __restrict__ out, int rows, int cols) {
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
    if (base >= rows * cols) return;
    float vals[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        int idx = base + k;
        vals[k] = idx < rows * cols ? in[idx] + bias[idx % cols] : 0.0f;
    }
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        float x = vals[k];
        vals[k] = 0.5f * x * (1.0f + tanhf(0.79788456f * (x + 0.044715f * x * x * x)));
    }
    for (int k = 0; k < ITEMS && base + k < rows * cols; ++k)
        out[base + k] = vals[k];
}

template __global__ void bias_gelu<4>(const float*, const float*, float*, int, int);
template __global__ void bias_gelu<8>(const float*, const float*, float*, int, int);
