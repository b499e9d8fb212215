// kfix's own minimal declarations of PyTorch's tensor accessors (at:: and
// torch::), enough for kernels that take them as parameters to type-check.
// The lifter recognizes these class templates by name (lib/Frontend/
// LiftAccessors.cpp): a kernel parameter of an accessor type is a memref of
// its rank, `a[i][j]` an element of it, `a.size(d)` / `a.stride(d)` its
// dimension size / row-major stride. Nothing here has a body.
#ifndef KFIX_TORCH_ACCESSORS_H
#define KFIX_TORCH_ACCESSORS_H
#define __KFIX_HD __attribute__((host)) __attribute__((device))
namespace at {
template <typename T> struct DefaultPtrTraits {
  typedef T *PtrType;
};
template <typename T> struct RestrictPtrTraits {
  typedef T *__restrict__ PtrType;
};

template <typename T, __SIZE_TYPE__ N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = __INT64_TYPE__>
class TensorAccessor {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __KFIX_HD TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i);
  __KFIX_HD const TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) const;
  __KFIX_HD index_t size(index_t d) const;
  __KFIX_HD index_t stride(index_t d) const;
  __KFIX_HD PtrType data();
  __KFIX_HD const T *data() const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __KFIX_HD T &operator[](index_t i);
  __KFIX_HD const T &operator[](index_t i) const;
  __KFIX_HD index_t size(index_t d) const;
  __KFIX_HD index_t stride(index_t d) const;
  __KFIX_HD PtrType data();
  __KFIX_HD const T *data() const;
};

template <typename T, __SIZE_TYPE__ N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = __INT64_TYPE__>
class GenericPackedTensorAccessor {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __KFIX_HD TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i);
  __KFIX_HD const TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) const;
  __KFIX_HD index_t size(index_t d) const;
  __KFIX_HD index_t stride(index_t d) const;
  __KFIX_HD PtrType data();
  __KFIX_HD const T *data() const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __KFIX_HD T &operator[](index_t i);
  __KFIX_HD const T &operator[](index_t i) const;
  __KFIX_HD index_t size(index_t d) const;
  __KFIX_HD index_t stride(index_t d) const;
  __KFIX_HD PtrType data();
  __KFIX_HD const T *data() const;
};

template <typename T, __SIZE_TYPE__ N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, __INT32_TYPE__>;
template <typename T, __SIZE_TYPE__ N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, __INT64_TYPE__>;
// The deprecated spelling: an accessor of the same layout.
template <typename T, __SIZE_TYPE__ N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = __INT64_TYPE__>
using PackedTensorAccessor = GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;
} // namespace at
namespace torch {
using at::DefaultPtrTraits;
using at::GenericPackedTensorAccessor;
using at::PackedTensorAccessor;
using at::PackedTensorAccessor32;
using at::PackedTensorAccessor64;
using at::RestrictPtrTraits;
using at::TensorAccessor;
} // namespace torch
#undef __KFIX_HD
#endif
