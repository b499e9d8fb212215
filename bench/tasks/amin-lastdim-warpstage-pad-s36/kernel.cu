#include <torch/extension.h>
#include <cuda_runtime.h>
#include <cmath>

// torch.amin(x, dim=-1) for x [R, C] float32 -> out [R]
// Persistent-style: a fixed grid of blocks walks the rows (row += gridDim.x); inside a
// block every thread scans a strided slice of the row, warps reduce with xor shuffles,
// and warp 0 folds the per-warp minima kept in shared memory.

template <typename T>
struct MinOp {
    __device__ __forceinline__ static T apply(T a, T b) { return a < b ? a : b; }
};

template <typename T>
__device__ __forceinline__ T warp_min(T v) {
#pragma unroll
    for (int m = 16; m > 0; m >>= 1)
        v = MinOp<T>::apply(v, __shfl_xor_sync(0xffffffffu, v, m));
    return v;
}

template <int BLOCK>
__global__ void amin_rows_kernel(const float* __restrict__ x, float* __restrict__ out,
                                 int R, int C) {
    static_assert(BLOCK % 32 == 0 && BLOCK <= 1024, "BLOCK must be whole warps");
    constexpr int NWARPS = BLOCK / 32;
    __shared__ float warp_part[NWARPS];

    const int lane = threadIdx.x & 31;
    const int wid = threadIdx.x >> 5;

    for (int row = blockIdx.x; row < R; row += gridDim.x) {
        const float* xr = x + (size_t)row * C;
        float m = INFINITY;
        for (int j = threadIdx.x; j < C; j += BLOCK)
            m = MinOp<float>::apply(m, xr[j]);

        m = warp_min(m);
        if (lane == 0) warp_part[wid] = m;
        __syncthreads();

        if (wid == 0) {
            float v = lane < NWARPS ? warp_part[lane] : 0.0f;
            v = warp_min(v);
            if (lane == 0) out[row] = v;
        }
        __syncthreads();   // warp_part is rewritten for the next row
    }
}

torch::Tensor amin_lastdim(torch::Tensor x) {
    const int C = x.size(-1);
    const int R = x.numel() / C;
    auto out = torch::empty({R}, x.options());
    constexpr int BLOCK = 128;
    const int grid = R < 16 ? R : 16;
    amin_rows_kernel<BLOCK><<<grid, BLOCK>>>(x.data_ptr<float>(), out.data_ptr<float>(), R, C);
    return out;
}
