#include <cuda_runtime.h>
#include <cstdint>

// Reverse (suffix) cumulative sum along dim 1, i.e. x.flip(1).cumsum(1).flip(1), x: [B, L, D].
// out[b, l, d] = sum_{k >= l} x[b, k, d].
// 2-D launch: x covers the feature dim d, y covers the batch; each thread walks its column
// from the last position to the first.
__global__ void reverse_cumsum_dim1(const float* __restrict__ x, float* __restrict__ out,
                                    int B, int L, int D) {
    const int d = blockIdx.x * blockDim.x + threadIdx.x;
    const int b = blockIdx.y * blockDim.y + threadIdx.y;
    if (b >= B || d >= L) return;

    const int64_t plane = (int64_t)b * L * D;
    float running = 0.0f;
    for (int l = L - 1; l >= 0; --l) {
        const int64_t off = plane + (int64_t)l * D + d;
        running += x[off];
        out[off] = running;
    }
}
