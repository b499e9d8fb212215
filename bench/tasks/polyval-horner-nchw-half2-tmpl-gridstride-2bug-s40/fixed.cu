// Per-channel polynomial activation (learnable polynomial / "PolyAct"):
//   y[n, c, h, w] = sum_{k=0}^{DEG} coef[c, k] * x[n, c, h, w]^k
//   x, y: [N, C, H, W] half (NCHW, contiguous), coef: [C, DEG + 1] float32, math in fp32.
//
// Vectorised over the flattened tensor as __half2 pairs with a grid-stride loop. H*W may be
// odd, so the two halves of a pair can belong to different channels: each element gets its
// own channel. When numel is odd, the single leftover element is done by thread 0 of block 0.

#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

template <int DEG>
__device__ __forceinline__ float horner(const float* __restrict__ c, float x) {
    float acc = c[DEG];
#pragma unroll
    for (int k = DEG - 1; k >= 0; --k)
        acc = fmaf(acc, x, c[k]);
    return acc;
}

template <int DEG>
__global__ void polyval_nchw_half2_kernel(const __half* __restrict__ x, const float* __restrict__ coef,
                                          __half* __restrict__ y, int C, int HW, long long numel) {
    const long long npairs = numel >> 1;
    const __half2* x2 = reinterpret_cast<const __half2*>(x);
    __half2* y2 = reinterpret_cast<__half2*>(y);
    const long long stride = (long long)gridDim.x * blockDim.x;

    for (long long p = (long long)blockIdx.x * blockDim.x + threadIdx.x; p < npairs; p += stride) {
        const long long e = 2 * p;                       // element index of the low half
        const int c0 = (int)((e / HW) % C);
        const int c1 = (int)(((e + 1) / HW) % C);
        const float2 v = __half22float2(x2[p]);
        const float r0 = horner<DEG>(coef + c0 * (DEG + 1), v.x);
        const float r1 = horner<DEG>(coef + c1 * (DEG + 1), v.y);
        y2[p] = __floats2half2_rn(r0, r1);
    }

    if ((numel & 1) && blockIdx.x == 0 && threadIdx.x == 0) {
        const long long e = numel - 1;
        const int c = (int)((e / HW) % C);
        y[e] = __float2half(horner<DEG>(coef + c * (DEG + 1), __half2float(x[e])));
    }
}

torch::Tensor polyval_nchw(torch::Tensor x, torch::Tensor coef) {
    TORCH_CHECK(x.is_cuda() && x.dim() == 4 && x.scalar_type() == torch::kHalf, "x: 4-D half CUDA tensor");
    TORCH_CHECK(coef.is_cuda() && coef.dim() == 2 && coef.scalar_type() == torch::kFloat32, "coef: [C, DEG+1] float");
    x = x.contiguous();
    coef = coef.contiguous();
    const int C = x.size(1), HW = x.size(2) * x.size(3);
    TORCH_CHECK(coef.size(0) == C);
    const long long numel = x.numel();
    auto y = torch::empty_like(x);
    const int threads = 256;
    const int blocks = (int)std::min<long long>((numel / 2 + threads - 1) / threads, 24);
    auto* xp = reinterpret_cast<const __half*>(x.data_ptr<at::Half>());
    auto* yp = reinterpret_cast<__half*>(y.data_ptr<at::Half>());
    switch (coef.size(1) - 1) {
        case 3: polyval_nchw_half2_kernel<3><<<std::max(blocks, 1), threads>>>(xp, coef.data_ptr<float>(), yp, C, HW, numel); break;
        case 5: polyval_nchw_half2_kernel<5><<<std::max(blocks, 1), threads>>>(xp, coef.data_ptr<float>(), yp, C, HW, numel); break;
        default: TORCH_CHECK(false, "polyval_nchw: degree 3 or 5 only");
    }
    return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
    m.def("polyval_nchw", &polyval_nchw, "per-channel polynomial activation, NCHW half");
}
