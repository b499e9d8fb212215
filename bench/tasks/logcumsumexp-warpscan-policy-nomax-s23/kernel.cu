// torch.logcumsumexp(x, dim=1) for a contiguous (R, L) tensor.
// One warp per row (block = 32 x kRowsPerBlock, threadIdx.y picks the row):
// the row is walked in 32-wide chunks, each chunk is scanned with a
// Kogge-Stone __shfl_up_sync scan over an associative operator given as a policy type, and
// the running prefix of the previous chunks is folded in from lane 31.
#include <cuda_runtime.h>
#include <math.h>

namespace scan {

constexpr int kWarp = 32;
constexpr int kRowsPerBlock = 4;
constexpr unsigned kFull = 0xffffffffu;

struct LogAddExp {
    static constexpr float identity() { return -INFINITY; }
    static __device__ __forceinline__ float apply(float a, float b) {
        return __logf(__expf(a) + __expf(b));
    }
};

struct Add {
    static constexpr float identity() { return 0.f; }
    static __device__ __forceinline__ float apply(float a, float b) { return a + b; }
};

template <typename Op>
__device__ __forceinline__ float warp_inclusive_scan(float v, int lane) {
#pragma unroll
    for (int off = 1; off < kWarp; off <<= 1) {
        const float up = __shfl_up_sync(kFull, v, off);
        if (lane >= off) v = Op::apply(up, v);
    }
    return v;
}

template <typename Op>
__device__ __forceinline__ void row_scan(const float* __restrict__ x, float* __restrict__ y, int L, int lane) {
    float carry = Op::identity();
    for (int base = 0; base < L; base += kWarp) {
        const int j = base + lane;
        float v = j < L ? __ldg(x + j) : Op::identity();
        v = Op::apply(carry, warp_inclusive_scan<Op>(v, lane));
        if (j < L) y[j] = v;
        carry = __shfl_sync(kFull, v, kWarp - 1);
    }
}

}  // namespace scan

// plain cumsum over the same layout (shares the scan skeleton)
__global__ void cumsum_rows_warp(const float* __restrict__ x, float* __restrict__ y, int R, int L) {
    const int row = blockIdx.x * scan::kRowsPerBlock + threadIdx.y;
    if (row >= R) return;
    scan::row_scan<scan::Add>(x + (size_t)row * L, y + (size_t)row * L, L, threadIdx.x);
}

__global__ void __launch_bounds__(scan::kWarp * scan::kRowsPerBlock)
logcumsumexp_rows_warp(const float* __restrict__ x, float* __restrict__ y, int R, int L) {
    const int row = blockIdx.x * scan::kRowsPerBlock + threadIdx.y;
    if (row >= R) return;  // whole warp leaves together
    scan::row_scan<scan::LogAddExp>(x + (size_t)row * L, y + (size_t)row * L, L, threadIdx.x);
}
