#include <cuda_runtime.h>
#include <cfloat>

// torch.min(x, dim=1).values for x of shape (B, R, C) -> (B, C).
// Block (TILE_C, ROWS_PER_BLOCK): threadIdx.x picks the column, threadIdx.y strides over R.
// grid = (ceil(C / TILE_C), B). Partial minima go through a padded shared tile.
#define TILE_C 32
#define ROWS_PER_BLOCK 8

__global__ void min_dim1_kernel(const float* __restrict__ x, float* __restrict__ out, int R, int C) {
    __shared__ float part[ROWS_PER_BLOCK][TILE_C + 1];

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int c = blockIdx.x * TILE_C + tx;
    const int b = blockIdx.y;

    float m = -FLT_MAX;
    if (c < C) {
        const float* __restrict__ col = x + (size_t)b * R * C + c;
        for (int r = ty; r < R; r += ROWS_PER_BLOCK) m = fminf(m, col[(size_t)r * C]);
    }
    part[ty][tx] = m;

    if (ty == 0 && c < C) {
        float v = part[0][tx];
#pragma unroll
        for (int k = 1; k < ROWS_PER_BLOCK; ++k) v = fminf(v, part[k][tx]);
        out[(size_t)b * C + c] = v;
    }
}
