#include <cuda_runtime.h>
#include <math.h>

template <int ITEMS>
__global__ void bias_gelu_items(const float* __restrict__ in, const float* __restrict__ bias,
                                float* __restrict__ out, int rows, int cols) {
    // each thread does ITEMS consecutive columns of one row
    const int row = blockIdx.y;
    const int c0 = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
    float v[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        int c = c0 + k;
        v[k] = (c < cols) ? in[(size_t)row * cols + c] + bias[c] : 0.f;
    }
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        int c = c0 + k;
        float x = v[k];
        float t = tanhf(0.7978845608f * (x + 0.044715f * x * x * x));
        if (c < cols) out[(size_t)row * cols + c] = 0.5f * x * (1.f + t);
    }
}

template __global__ void bias_gelu_items<4>(const float*, const float*, float*, int, int);
