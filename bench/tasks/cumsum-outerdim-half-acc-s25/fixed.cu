// Inclusive cumsum along a non-innermost dimension of a contiguous [outer, row_size, inner]
// tensor: each thread owns one (outer, inner) column and walks it serially (coalesced along inner).
#include <cuda_fp16.h>
#include <cstdint>

template <typename T> struct acc_type { using type = T; };
template <> struct acc_type<__half> { using type = float; };

template <typename scalar_t, int BLOCK>
__global__ void __launch_bounds__(BLOCK) cumsum_outer_dim_kernel(
    scalar_t* __restrict__ tgt_, const scalar_t* __restrict__ src_,
    int num_orows, int num_irows, int row_size) {
  using acc_t = typename acc_type<scalar_t>::type;
  for (int orow = blockIdx.x; orow < num_orows; orow += gridDim.x) {
    for (int irow = blockIdx.y * BLOCK + threadIdx.x; irow < num_irows; irow += gridDim.y * BLOCK) {
      const int64_t base = static_cast<int64_t>(orow) * row_size * num_irows + irow;
      const scalar_t* src = src_ + base;
      scalar_t* tgt = tgt_ + base;
      acc_t acc = static_cast<acc_t>(0.0f);
      for (int col = 0; col < row_size; ++col) {
        acc += static_cast<acc_t>(*src);
        *tgt = static_cast<scalar_t>(acc);
        src += num_irows;
        tgt += num_irows;
      }
    }
  }
}

template __global__ void cumsum_outer_dim_kernel<__half, 64>(__half*, const __half*, int, int, int);
