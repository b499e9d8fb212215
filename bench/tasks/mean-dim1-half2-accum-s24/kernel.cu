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

    __half2 acc = __float2half2_rn(0.0f);
    for (int l = 0; l < L; ++l) {
        acc = __hadd2(acc, x2[(size_t)l * D2 + pair]);
    }

    const float inv_L = 1.0f / (float)L;
    __half2* __restrict__ o2 = reinterpret_cast<__half2*>(out + (size_t)b * D);
    o2[pair] = __floats2half2_rn(__low2float(acc) * inv_L, __high2float(acc) * inv_L);
}
