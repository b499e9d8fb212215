#include <torch/extension.h>
#include <cuda_runtime.h>

// nn.PReLU(num_parameters=C) on a contiguous NCHW float tensor:
//   out = x > 0 ? x : weight[c] * x,   c = channel of the element
// Vectorised: a grid-stride loop over float4 quads of the flattened tensor, then a scalar
// tail (the last total % 4 elements) handled by the first threads of the grid.

#define THREADS 256

__device__ __forceinline__ int channel_of(long long idx, int HW, int C) {
    return (int)((idx / HW) % C);
}

__device__ __forceinline__ float prelu1(float v, float w) {
    return v > 0.0f ? v : w * v;
}

__global__ void prelu_nchw_float4_kernel(const float* __restrict__ x,
                                         const float* __restrict__ weight,
                                         float* __restrict__ out,
                                         long long total, int C, int HW) {
    const long long nquads = total >> 2;
    const long long stride = (long long)gridDim.x * blockDim.x;
    const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;

    const float4* __restrict__ x4 = reinterpret_cast<const float4*>(x);
    float4* __restrict__ o4 = reinterpret_cast<float4*>(out);

    for (long long q = tid; q < nquads; q += stride) {
        const long long base = q << 2;
        // the four lanes of a quad are contiguous, so they share a channel
        const float w = __ldg(&weight[channel_of(base, HW, C)]);
        float4 v = x4[q];
        v.x = prelu1(v.x, w);
        v.y = prelu1(v.y, w);
        v.z = prelu1(v.z, w);
        v.w = prelu1(v.w, w);
        o4[q] = v;
    }

    // scalar tail
    const long long i = (nquads << 2) + tid;
    if (i < total) {
        out[i] = prelu1(x[i], __ldg(&weight[channel_of(i, HW, C)]));
    }
}

torch::Tensor prelu_forward(torch::Tensor x, torch::Tensor weight) {
    auto xc = x.contiguous();
    auto out = torch::empty_like(xc);
    const long long total = xc.numel();
    const int C = xc.size(1);
    const int HW = xc.size(2) * xc.size(3);
    long long blocks = ((total >> 2) + THREADS - 1) / THREADS;
    if (blocks > 1024) blocks = 1024;
    if (blocks < 1) blocks = 1;
    prelu_nchw_float4_kernel<<<(int)blocks, THREADS>>>(xc.data_ptr<float>(), weight.data_ptr<float>(),
                                                      out.data_ptr<float>(), total, C, HW);
    return out;
}
