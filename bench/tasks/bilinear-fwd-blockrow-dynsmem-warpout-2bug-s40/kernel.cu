// nn.Bilinear forward:  y[b, o] = sum_{i,j} x1[b, i] * W[o, i, j] * x2[b, j] + bias[o]
//   x1: [B, IN1], x2: [B, IN2], W: [OUT, IN1, IN2], bias: [OUT]  ->  y: [B, OUT]  (float32)
//
// One block per batch row. The two input rows are staged in dynamic shared memory
// (IN1 + IN2 floats, x1 first, then x2). Each warp takes output features o (strided by the
// number of warps); its lanes walk the flattened (i, j) plane of W[o] so the W reads are
// coalesced, and a shuffle reduction leaves the dot product in lane 0.

#include <torch/extension.h>
#include <cuda_runtime.h>

constexpr int kWarp = 32;
constexpr int kThreads = 256;

__device__ __forceinline__ float warp_reduce_sum(float v) {
#pragma unroll
    for (int off = kWarp / 2; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

__global__ void __launch_bounds__(kThreads)
bilinear_fwd_kernel(const float* __restrict__ x1, const float* __restrict__ x2,
                    const float* __restrict__ W, const float* __restrict__ bias,
                    float* __restrict__ y, int in1, int in2, int out_features) {
    extern __shared__ float smem[];
    float* s_x1 = smem;
    float* s_x2 = smem + in2;

    const int b = blockIdx.x;
    for (int i = threadIdx.x; i < in1; i += blockDim.x) s_x1[i] = x1[(size_t)b * in1 + i];
    for (int j = threadIdx.x; j < in2; j += blockDim.x) s_x2[j] = x2[(size_t)b * in2 + j];
    __syncthreads();

    const int lane = threadIdx.x % kWarp;
    const int warp = threadIdx.x / kWarp;
    const int nwarps = blockDim.x / kWarp;
    const int plane = in1 * in2;

    for (int o = warp; o < out_features; o += nwarps) {
        const float* Wo = W + (size_t)o * plane;
        float acc = bias[o];
        for (int k = lane; k < plane; k += kWarp) {
            const int i = k / in2;
            const int j = k - i * in2;
            acc = fmaf(s_x1[i] * __ldg(Wo + k), s_x2[j], acc);
        }
        acc = warp_reduce_sum(acc);
        if (lane == 0) y[(size_t)b * out_features + o] = acc;
    }
}

torch::Tensor bilinear_forward(torch::Tensor x1, torch::Tensor x2, torch::Tensor weight, torch::Tensor bias) {
    TORCH_CHECK(x1.is_cuda() && x2.is_cuda() && weight.is_cuda() && bias.is_cuda(), "CUDA tensors expected");
    TORCH_CHECK(x1.scalar_type() == torch::kFloat32, "float32 expected");
    x1 = x1.contiguous(); x2 = x2.contiguous(); weight = weight.contiguous(); bias = bias.contiguous();
    const int B = x1.size(0), in1 = x1.size(1), in2 = x2.size(1), out_features = weight.size(0);
    TORCH_CHECK(weight.size(1) == in1 && weight.size(2) == in2 && x2.size(0) == B);
    auto y = torch::empty({B, out_features}, x1.options());
    const size_t smem = (size_t)(in1 + in2) * sizeof(float);
    bilinear_fwd_kernel<<<B, kThreads, smem>>>(x1.data_ptr<float>(), x2.data_ptr<float>(),
                                               weight.data_ptr<float>(), bias.data_ptr<float>(),
                                               y.data_ptr<float>(), in1, in2, out_features);
    return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("forward", &bilinear_forward, "nn.Bilinear forward (CUDA)");
}
