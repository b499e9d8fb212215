#include <torch/extension.h>
#include <cuda_runtime.h>
#include <math.h>

// torch.sort(x, dim=-1).values for rows of at most 512 elements.
// One block per row: the row is copied into shared memory, padded with +inf up to SORT_N,
// and sorted in place by a bitonic network. SORT_N / 2 threads, each thread owns one
// compare-exchange pair per (k, j) stage.

constexpr int SORT_N = 512;
constexpr int SORT_THREADS = SORT_N / 2;

__global__ void __launch_bounds__(SORT_THREADS)
bitonic_sort_rows_kernel(const float* __restrict__ x, float* __restrict__ y, int rows, int cols) {
    __shared__ float keys[SORT_N];

    const int row = blockIdx.x;
    if (row >= rows) return;
    const int tid = threadIdx.x;
    const float* xr = x + (size_t)row * cols;
    float* yr = y + (size_t)row * cols;

    // stage the row (padding sorts to the end)
    for (int i = tid; i < SORT_N; i += SORT_THREADS)
        keys[i] = (i < cols) ? xr[i] : INFINITY;

    // bitonic network: k = size of the bitonic sequences being merged, j = compare distance
    for (int k = 2; k <= SORT_N; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            const int lo = 2 * tid - (tid & (j - 1));
            const int hi = lo + j;
            const bool ascending = (lo & k) == 0;
            const float a = keys[lo];
            const float b = keys[hi];
            if ((a > b) == ascending) {
                keys[lo] = b;
                keys[hi] = a;
            }
            __syncthreads();
        }
    }

    for (int i = tid; i < cols; i += SORT_THREADS) yr[i] = keys[i];
}

torch::Tensor sort_rows(torch::Tensor x) {
    TORCH_CHECK(x.dim() == 2 && x.is_contiguous() && x.scalar_type() == torch::kFloat32);
    const int rows = x.size(0), cols = x.size(1);
    TORCH_CHECK(cols <= SORT_N, "rows longer than 512 are not supported");
    auto y = torch::empty_like(x);
    bitonic_sort_rows_kernel<<<rows, SORT_THREADS>>>(x.data_ptr<float>(), y.data_ptr<float>(), rows, cols);
    return y;
}
