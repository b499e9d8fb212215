#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define BLOCK_SIZE 256
#define WARP_SIZE 32

// torch.mean(x, dim=1) for a half tensor x of shape [B, L, D] -> [B, D].
// Each thread owns one pair of adjacent columns (a __half2) and walks down the L rows.
__global__ void mean_dim1_half2_kernel(const __half* __restrict__ x,
                                       __half* __restrict__ out,
                                       int L, int D) {
    const int pair = blockIdx.x * blockDim.x + threadIdx.x;
    const int b = blockIdx.y;
    const int D2 = D / 2;
    if (pair >= D2) return;

    const __half2* __restrict__ x2 =
        reinterpret_cast<const __half2*>(x + (size_t)b * L * D);

    float2 acc = make_float2(0.0f, 0.0f);
    for (int l = 0; l < L; ++l) {
        const float2 v = __half22float2(x2[(size_t)l * D2 + pair]);
        acc.x += v.x; acc.y += v.y;
    }

    const float inv_L = 1.0f / (float)L;
    __half2* __restrict__ o2 = reinterpret_cast<__half2*>(out + (size_t)b * D);
    o2[pair] = __floats2half2_rn(acc.x * inv_L, acc.y * inv_L);
}
