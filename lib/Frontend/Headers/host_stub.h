// kfix stub for a host-only header (PyTorch / pybind11): kfix lifts device
// code only; host code that needs the real header is parsed with errors that
// kfix ignores.
#ifndef KFIX_HOST_STUB_H
#define KFIX_HOST_STUB_H
// The real headers bring in the C library's limits (kernels written against
// them use FLT_MAX, INT_MAX, int64_t without including anything else).
#include <cfloat>
#include <climits>
#include <cstdint>
#include "__kfix_torch_accessors.h"
namespace at {
// Just enough of at::Tensor for typical wrapper code to type-check, so that
// the kernel launches in it (and the template instantiations they need) are seen.
class Tensor {
public:
  template <typename T> T *data_ptr() const;
  long long numel() const;
  long long size(long long dim) const;
  long long stride(long long dim) const;
  long long dim() const;
  bool is_cuda() const;
  bool is_contiguous() const;
  Tensor contiguous() const;
  template <typename T, __SIZE_TYPE__ N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const;
  template <typename T, __SIZE_TYPE__ N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const;
  template <typename T, __SIZE_TYPE__ N, template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = __INT64_TYPE__>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> packed_accessor() const;
  template <typename T, __SIZE_TYPE__ N, template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = __INT64_TYPE__>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t> generic_packed_accessor() const;
  template <typename T, __SIZE_TYPE__ N> TensorAccessor<T, N> accessor() const;
};
Tensor empty_like(const Tensor &t);
Tensor zeros_like(const Tensor &t);
} // namespace at
namespace torch {
using at::empty_like;
using at::Tensor;
using at::zeros_like;
} // namespace torch
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME kfix_extension
#endif
#define PYBIND11_MODULE(name, m) static void __kfix_pybind11_##name(void *m)
#define TORCH_CHECK(...) ((void)0)
#define AT_ASSERTM(...) ((void)0)
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
#endif
