#include <cuda_runtime.h>

__global__ void sum_dim_kernel(const float* in, float* out, int outer, int reduce, int inner, float scale) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= outer * inner) { return; }
    float acc = 0.0f;
    for (int r = 0; r < reduce; ++r) { acc += in[(idx / inner * reduce + r) * inner + idx % inner]; }
    out[idx] = acc * scale;
}
