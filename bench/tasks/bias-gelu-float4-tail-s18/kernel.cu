#include <cuda_runtime.h>
#include <math.h>

__device__ __forceinline__ float gelu_tanh(float x) {
    const float kAlpha = 0.7978845608028654f;  // sqrt(2 / pi)
    const float kBeta = 0.044715f;
    const float inner = kAlpha * (x + kBeta * x * x * x);
    return 0.5f * x * (1.0f + tanhf(inner));
}

// y = gelu(x + bias[col]) over a dense [rows, cols] activation.
// Each thread handles one float4 of the flattened buffer; the total % 4 leftover
// elements are picked up by the first few threads afterwards.
__global__ void bias_gelu_vec4(const float* __restrict__ x, const float* __restrict__ bias,
                               float* __restrict__ y, int rows, int cols) {
    const long long total = (long long)rows * cols;
    const long long nvec = total >> 2;
    const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const float4* __restrict__ x4 = reinterpret_cast<const float4*>(x);
    float4* __restrict__ y4 = reinterpret_cast<float4*>(y);

    if (tid * 4 < total) {
        const long long base = tid * 4;
        float4 v = x4[tid];
        v.x = gelu_tanh(v.x + bias[(base + 0) % cols]);
        v.y = gelu_tanh(v.y + bias[(base + 1) % cols]);
        v.z = gelu_tanh(v.z + bias[(base + 2) % cols]);
        v.w = gelu_tanh(v.w + bias[(base + 3) % cols]);
        y4[tid] = v;
    }

    const long long rem = total - nvec * 4;
    if (tid < rem) {
        const long long i = nvec * 4 + tid;
        y[i] = gelu_tanh(x[i] + bias[i % cols]);
    }
}
