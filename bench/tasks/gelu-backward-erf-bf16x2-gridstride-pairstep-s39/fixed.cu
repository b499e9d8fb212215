#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cuda_bf16.h>

// Backward of exact (erf) GELU in bfloat16, the pointwise part of
// torch.ops.aten.gelu_backward(grad_out, x, approximate='none'):
//
//   dx = dy * ( Phi(x) + x * phi(x) ),  Phi(x) = 0.5 * (1 + erf(x / sqrt(2))),
//                                        phi(x) = exp(-x^2 / 2) / sqrt(2 * pi)
//
// Math in fp32, loads/stores as __nv_bfloat162 pairs, grid-stride loop (grid capped by the
// host), the odd last element handled by one thread.

constexpr int kThreads = 256;
constexpr int kMaxBlocks = 32;
constexpr int kVec = 2;   // bf16 elements per __nv_bfloat162

__device__ __forceinline__ float gelu_grad_f32(float x) {
    const float kInvSqrt2 = 0.70710678118654752f;
    const float kInvSqrt2Pi = 0.39894228040143268f;
    const float cdf = 0.5f * (1.0f + erff(x * kInvSqrt2));
    const float pdf = kInvSqrt2Pi * expf(-0.5f * x * x);
    return cdf + x * pdf;
}

__global__ void __launch_bounds__(kThreads)
gelu_backward_bf16x2_kernel(const __nv_bfloat16* __restrict__ dy, const __nv_bfloat16* __restrict__ x,
                            __nv_bfloat16* __restrict__ dx, int n) {
    const int n_pairs = n / kVec;
    const __nv_bfloat162* dy2 = reinterpret_cast<const __nv_bfloat162*>(dy);
    const __nv_bfloat162* x2 = reinterpret_cast<const __nv_bfloat162*>(x);
    __nv_bfloat162* dx2 = reinterpret_cast<__nv_bfloat162*>(dx);

    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    const int step = gridDim.x * blockDim.x;          // pairs covered by one sweep of the grid

    for (int p = tid; p < n_pairs; p += step) {
        const float2 g = __bfloat1622float2(dy2[p]);
        const float2 v = __bfloat1622float2(x2[p]);
        dx2[p] = __floats2bfloat162_rn(g.x * gelu_grad_f32(v.x), g.y * gelu_grad_f32(v.y));
    }

    if ((n & 1) && tid == 0) {
        const int last = n - 1;
        dx[last] = __float2bfloat16(__bfloat162float(dy[last]) * gelu_grad_f32(__bfloat162float(x[last])));
    }
}

torch::Tensor gelu_backward_bf16(torch::Tensor grad_out, torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && grad_out.is_cuda());
    TORCH_CHECK(x.scalar_type() == torch::kBFloat16 && grad_out.scalar_type() == torch::kBFloat16);
    TORCH_CHECK(x.is_contiguous() && grad_out.is_contiguous() && x.numel() == grad_out.numel());
    auto dx = torch::empty_like(x);
    const int n = (int)x.numel();
    int blocks = (n / kVec + kThreads - 1) / kThreads;
    blocks = std::max(1, std::min(blocks, kMaxBlocks));
    gelu_backward_bf16x2_kernel<<<blocks, kThreads>>>(
        reinterpret_cast<const __nv_bfloat16*>(grad_out.data_ptr<at::BFloat16>()),
        reinterpret_cast<const __nv_bfloat16*>(x.data_ptr<at::BFloat16>()),
        reinterpret_cast<__nv_bfloat16*>(dx.data_ptr<at::BFloat16>()), n);
    return dx;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("gelu_backward_bf16", &gelu_backward_bf16, "exact GELU backward, bf16");
}
