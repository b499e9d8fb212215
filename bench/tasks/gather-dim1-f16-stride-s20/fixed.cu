#include <cuda_fp16.h>
#include <cstdint>

// out = torch.gather(x, 1, index) for x [B, C, S] (fp16), index / out [B, K, S].
//   out[b][k][s] = x[b][index[b][k][s]][s]
// Flat grid-stride loop over the output with 64-bit offsets.

// row-major offset of (i0, i1, i2) in a tensor of shape [*, d1, d2]
__device__ __forceinline__ int64_t offset3(int64_t i0, int64_t i1, int64_t i2, int64_t d1, int64_t d2) {
    return (i0 * d1 + i1) * d2 + i2;
}

__global__ void gather_dim1_f16(const __half* __restrict__ x, const int64_t* __restrict__ index,
                                __half* __restrict__ out, int64_t B, int64_t C, int64_t K,
                                int64_t S) {
    const int64_t total = B * K * S;
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t o = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; o < total; o += step) {
        const int64_t s = o % S;
        const int64_t b = o / (K * S);
        const int64_t src = __ldg(index + o);        // position along dim 1
        out[o] = x[offset3(b, src, s, C, S)];
    }
}
