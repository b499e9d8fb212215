#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cuda_bf16.h>

// y = W @ x  with bf16 weights and activations and an fp32 result (the logits head of a
// bf16 model, kept in fp32 for the loss).
//   W: [M, K] bf16 row-major, x: [K] bf16, y: [M] f32;  K must be even (rows are read as
//   __nv_bfloat162 pairs).
// One warp per output row, WARPS_PER_BLOCK warps per block; each lane walks the row in
// pair steps of 32 and the warp is summed with an xor butterfly.

template <int WARPS_PER_BLOCK>
__global__ void gemv_bf16_rowwarp(const __nv_bfloat16* __restrict__ W,
                                  const __nv_bfloat16* __restrict__ x,
                                  float* __restrict__ y, int M, int K) {
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * WARPS_PER_BLOCK + (threadIdx.x >> 5);
    if (row >= M) return;

    const int K2 = K >> 1;
    const __nv_bfloat162* w2 = reinterpret_cast<const __nv_bfloat162*>(W + (size_t)row * K);
    const __nv_bfloat162* x2 = reinterpret_cast<const __nv_bfloat162*>(x);

    __nv_bfloat162 acc2 = __float2bfloat162_rn(0.0f);
    for (int p = lane; p < K2; p += 32) {
        acc2 = __hfma2(w2[p], x2[p], acc2);
    }
    float acc = __low2float(acc2) + __high2float(acc2);

#pragma unroll
    for (int m = 16; m > 0; m >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, m);

    if (lane == 0) y[row] = acc;
}

torch::Tensor gemv_bf16(torch::Tensor W, torch::Tensor x) {
    TORCH_CHECK(W.size(1) % 2 == 0, "K must be even");
    const int M = W.size(0), K = W.size(1);
    auto y = torch::empty({M}, W.options().dtype(torch::kFloat32));
    constexpr int WPB = 8;
    gemv_bf16_rowwarp<WPB><<<(M + WPB - 1) / WPB, 32 * WPB>>>(
        reinterpret_cast<const __nv_bfloat16*>(W.data_ptr<at::BFloat16>()),
        reinterpret_cast<const __nv_bfloat16*>(x.data_ptr<at::BFloat16>()),
        y.data_ptr<float>(), M, K);
    return y;
}
