// Per-column minimum of a non-negative matrix (e.g. min distance), one thread per column.
#include <torch/extension.h>
#include <float.h>

template <typename T>
__device__ __forceinline__ T tmin(T a, T b) { return fminf(a, b); }

__global__ void col_min_kernel(const float* __restrict__ d, float* __restrict__ out, int n_rows, int n_cols) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= n_cols) return;
    float best = FLT_MAX;
    for (int r = 0; r < n_rows; ++r)
        best = tmin(best, d[r * n_cols + col]);
    out[col] = best;
}
