// torch.var_mean(x, dim=1, correction=c) for a contiguous (B, M, N) tensor.
// Column-tiled: a 32x8 block owns 32 adjacent columns of one batch entry and
// walks the reduced (middle) dimension with its 8 rows; partials are folded
// through a padded shared tile.
#include <cuda_runtime.h>

namespace vm {

constexpr int kTileX = 32;
constexpr int kTileY = 8;

struct RowFold {
    // Folds the kTileY per-row partials of column tx into one value and hands
    // it back to every thread of the column.  All threads of the block call it.
    static __device__ __forceinline__ float sum(float (&tile)[kTileY][kTileX + 1], float v, int tx, int ty) {
        tile[ty][tx] = v;
        __syncthreads();
#pragma unroll
        for (int s = kTileY / 2; s > 0; s >>= 1) {
            if (ty < s) tile[ty][tx] += tile[ty + s][tx];
            __syncthreads();
        }
        const float r = tile[0][tx];
        __syncthreads();  // the tile is reused by the next fold
        return r;
    }
};

}  // namespace vm

// Contiguous-last-dim variant (dim=-1); kept for the row path, not used here.
__global__ void var_mean_lastdim(const float* __restrict__ x, float* __restrict__ mean_out,
                                 float* __restrict__ var_out, int rows, int cols, int correction) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* __restrict__ p = x + (size_t)r * cols;
    float s = 0.f;
    for (int c = 0; c < cols; ++c) s += __ldg(p + c);
    const float mu = s / cols;
    float ss = 0.f;
    for (int c = 0; c < cols; ++c) { const float d = __ldg(p + c) - mu; ss += d * d; }
    mean_out[r] = mu;
    var_out[r] = ss / (float)max(cols - correction, 0);
}

__global__ void __launch_bounds__(vm::kTileX * vm::kTileY)
var_mean_middim(const float* __restrict__ x, float* __restrict__ mean_out, float* __restrict__ var_out,
                int M, int N, int correction) {
    __shared__ float tile[vm::kTileY][vm::kTileX + 1];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int n = blockIdx.x * vm::kTileX + tx;
    const int b = blockIdx.y;
    const bool live = n < N;
    const float* __restrict__ xb = x + (size_t)b * M * N;

    const float inv_m = 1.0f / (float)M;
    const float inv_dof = 1.0f / (float)max(M - correction, 0);

    // pass 1: column sums
    float s = 0.f;
    if (live) {
#pragma unroll 4
        for (int m = ty; m < M; m += vm::kTileY) s += __ldg(xb + (size_t)m * N + n);
    }
    const float mu = vm::RowFold::sum(tile, s, tx, ty) * inv_m;

    // pass 2: centred sum of squares
    float ss = 0.f;
    if (live) {
#pragma unroll 4
        for (int m = ty; m < M; m += vm::kTileY) {
            const float d = __ldg(xb + (size_t)m * N + n) - mu;
            ss = fmaf(d, d, ss);
        }
    }
    const float ssd = vm::RowFold::sum(tile, ss, tx, ty);

    if (live && ty == 0) {
        mean_out[(size_t)b * N + n] = mu;
        var_out[(size_t)b * N + n] = ssd * inv_m;
    }
}
