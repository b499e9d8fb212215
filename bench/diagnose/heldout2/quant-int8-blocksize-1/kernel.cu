// Symmetric per-row int8 quantisation: scale[r] = absmax(x[r, :]) / 127, q = round(x / scale).
// One block per row (launched with 128 threads); per-warp absmax partials meet in shared memory.
#include <cstdint>

constexpr int kBlock = 256;
constexpr int kWarps = kBlock / 32;

__global__ void quantize_rows_int8(const float* __restrict__ x, int8_t* __restrict__ q,
                                   float* __restrict__ scale, int cols) {
    __shared__ float warp_amax[kWarps];
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)blockIdx.x * cols;
    int8_t* qr = q + (size_t)blockIdx.x * cols;

    float amax = 0.0f;
    for (int c = tid; c < cols; c += kBlock) amax = fmaxf(amax, fabsf(xr[c]));
    for (int o = 16; o > 0; o >>= 1) amax = fmaxf(amax, __shfl_xor_sync(0xffffffffu, amax, o));
    if ((tid & 31) == 0) warp_amax[tid >> 5] = amax;
    __syncthreads();

    float m = 0.0f;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) m = fmaxf(m, warp_amax[w]);
    const float inv = m > 0.0f ? 127.0f / m : 0.0f;

    for (int c = tid; c < cols; c += kBlock) {
        const float v = fminf(fmaxf(rintf(xr[c] * inv), -127.0f), 127.0f);
        qr[c] = static_cast<int8_t>(v);
    }
    if (tid == 0) scale[blockIdx.x] = m / 127.0f;
}
