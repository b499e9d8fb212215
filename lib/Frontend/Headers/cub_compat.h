// Force-included by kfix when a source names `cub::` and the toolkit's CCCL is
// 3.0 or newer: cub::Sum, cub::Max and cub::Min, which CCCL 3 removed (kernels
// written for CUDA 12 and earlier use them), as the functors CCCL names in
// their place.
#if __has_include(<cub/version.cuh>)
#include <cub/version.cuh>
#if defined(CUB_VERSION) && CUB_VERSION >= 300000
#include <cuda/functional>
#include <cuda/std/functional>
namespace cub {
using Sum = ::cuda::std::plus<>;
using Max = ::cuda::maximum<>;
using Min = ::cuda::minimum<>;
} // namespace cub
#endif
#endif
