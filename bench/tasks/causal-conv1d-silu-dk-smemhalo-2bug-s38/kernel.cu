#include <torch/extension.h>
#include <cuda_runtime.h>

// Causal depthwise conv1d + SiLU (the short convolution of a Mamba block, causal_conv1d_fn with
// activation="silu"):
//
//   out[b, d, t] = silu(bias[d] + sum_{k < KW} weight[d, k] * x[b, d, t - (KW - 1) + k])
//
// x / out: [B, D, L] contiguous, weight: [D, KW] (the [D, 1, KW] conv weight squeezed), positions
// t' < 0 are zero (left padding of KW - 1). Grid: (ceil(L / TILE_L), D, B); each block stages its
// TILE_L inputs plus the KW - 1 left halo in shared memory, keeps the channel's taps in registers.

constexpr int TILE_L = 128;

__device__ __forceinline__ float silu(float v) { return v / (1.0f + __expf(-v)); }

template <int KW>
__global__ void __launch_bounds__(TILE_L)
causal_conv1d_silu_fwd(const float* __restrict__ x, const float* __restrict__ weight,
                       const float* __restrict__ bias, float* __restrict__ out, int D, int L) {
    __shared__ float xs[TILE_L + KW - 1];

    const int d = blockIdx.y;
    const int b = blockIdx.z;
    const int t0 = blockIdx.x * TILE_L;
    const size_t row = ((size_t)b * D + d) * L;
    const float* xr = x + row;

    float w[KW];
#pragma unroll
    for (int k = 0; k < KW; ++k) w[k] = weight[k * D + d];

    // xs[i] = x[b, d, t0 - (KW - 1) + i], zero outside [0, L)
    for (int i = threadIdx.x; i < TILE_L + KW - 1; i += TILE_L) {
        const int src = t0 - (KW - 1) + i;
        xs[i] = (src > 0 && src < L) ? xr[src] : 0.0f;
    }
    __syncthreads();

    const int t = t0 + threadIdx.x;
    if (t < L) {
        float acc = bias[d];
#pragma unroll
        for (int k = 0; k < KW; ++k) acc = fmaf(w[k], xs[threadIdx.x + k], acc);
        out[row + t] = silu(acc);
    }
}

template __global__ void causal_conv1d_silu_fwd<4>(const float*, const float*, const float*, float*, int, int);

torch::Tensor causal_conv1d_silu(torch::Tensor x, torch::Tensor weight, torch::Tensor bias) {
    TORCH_CHECK(x.is_cuda() && x.is_contiguous() && x.dim() == 3 && x.scalar_type() == torch::kFloat32);
    TORCH_CHECK(weight.dim() == 2 && weight.size(0) == x.size(1) && weight.size(1) == 4, "weight must be [D, 4]");
    TORCH_CHECK(bias.numel() == x.size(1));
    const int B = x.size(0), D = x.size(1), L = x.size(2);
    auto out = torch::empty_like(x);
    const dim3 grid((L + TILE_L - 1) / TILE_L, D, B);
    causal_conv1d_silu_fwd<4><<<grid, TILE_L>>>(x.data_ptr<float>(), weight.contiguous().data_ptr<float>(),
                                                bias.data_ptr<float>(), out.data_ptr<float>(), D, L);
    return out;
}
