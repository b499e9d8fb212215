#include <torch/extension.h>
#include <cuda_runtime.h>

// Symmetric part of a batch of square matrices:  y[b] = 0.5 * (x[b] + x[b]^T)
//
// 3-D launch: blockIdx.x = tile column, blockIdx.y = tile row, blockIdx.z = batch.
// 32 x 8 threads per block, every thread covers 4 rows of the 32 x 32 output tile.
// The block reads its own tile of x straight from global memory (coalesced) and stages the
// mirrored tile (tile row <-> tile column) in shared memory, so that the transposed operand is
// read with coalesced loads as well and then transposed through the (padded) shared tile.

constexpr int TILE = 32;
constexpr int PASS_ROWS = 8;

__device__ __forceinline__ bool in_bounds(int r, int c, int n) {
    return r < n && c < n;
}

__global__ void __launch_bounds__(TILE * PASS_ROWS)
symmetrize_batched_kernel(const float* __restrict__ x, float* __restrict__ y, int n) {
    __shared__ float mirror[TILE][TILE + 1];  // +1 column: conflict-free transposed reads

    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int row0 = blockIdx.y * TILE;  // first row of the output tile
    const int col0 = blockIdx.x * TILE;  // first column of the output tile
    const size_t base = (size_t)blockIdx.z * n * n;
    const float* xb = x + base;
    float* yb = y + base;

    // mirror[i][j] = x[col0 + i][row0 + j]  (the tile on the other side of the diagonal)
#pragma unroll
    for (int j = 0; j < TILE; j += PASS_ROWS) {
        const int mr = col0 + ty + j;
        const int mc = row0 + tx;
        if (in_bounds(mr, mc, n))
            mirror[ty + j][tx] = xb[(size_t)mr * n + mc];
    }
    __syncthreads();

#pragma unroll
    for (int j = 0; j < TILE; j += PASS_ROWS) {
        const int r = row0 + ty + j;
        const int c = col0 + tx;
        if (in_bounds(r, c, n)) {
            // x^T[r][c] = x[c][r] = mirror[c - col0][r - row0]
            yb[(size_t)r * n + c] = 0.5f * (xb[(size_t)r * n + c] + mirror[tx][ty + j]);
        }
    }
}

torch::Tensor symmetrize(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.is_contiguous() && x.scalar_type() == torch::kFloat32);
    TORCH_CHECK(x.dim() == 3 && x.size(1) == x.size(2), "expected a batch of square matrices");
    const int batch = x.size(0), n = x.size(1);
    auto y = torch::empty_like(x);
    const dim3 block(TILE, PASS_ROWS);
    const dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE, batch);
    symmetrize_batched_kernel<<<grid, block>>>(x.data_ptr<float>(), y.data_ptr<float>(), n);
    return y;
}
