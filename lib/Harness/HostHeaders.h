//===- HostHeaders.h - virtual headers of the harness's host parse -*- C++ -*-===//
//
// `kfix harness-prepare` parses the host side of a candidate. With real
// PyTorch headers (--torch-include) these are not used but for the prelude;
// without them the lifter's empty torch stand-ins are replaced by kHostTorchStub:
// enough of at::Tensor, c10::Device and AT_DISPATCH_* for typical wrapper code to
// type-check, so that the launches (and, in dispatch lambdas, the kernel
// instantiations they need) are seen.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_HARNESS_HOSTHEADERS_H
#define KFIX_LIB_HARNESS_HOSTHEADERS_H

namespace kfix::harness {

/// Force-included last: a host parse, whatever the fallback CUDA header says.
inline constexpr const char *kHostPrelude = R"KFIX(// kfix harness host prelude
#ifdef __KFIX_CUDA_FALLBACK__
#undef __CUDA_ARCH__
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                size_t sharedMem = 0,
                                                cudaStream_t stream = 0);
#endif
)KFIX";

inline constexpr const char *kHostTorchStub = R"KFIX(// kfix harness: host stand-in for PyTorch
#ifndef KFIX_HARNESS_TORCH_STUB_H
#define KFIX_HARNESS_TORCH_STUB_H
#include "__kfix_torch_accessors.h"
#include <initializer_list>
#include <cstdint>
namespace c10 {
enum class DeviceType : signed char { CPU = 0, CUDA = 1 };
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
enum class ScalarType : signed char {
  Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf, ComplexFloat,
  ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16
};
struct Device {
  Device(DeviceType t, int index = -1);
  DeviceType type() const;
  int index() const;
  bool is_cuda() const;
  bool is_cpu() const;
};
struct Half {
  unsigned short x;
  Half() = default;
  __attribute__((host)) __attribute__((device)) Half(float f);
  __attribute__((host)) __attribute__((device)) operator float() const;
};
struct BFloat16 {
  unsigned short x;
  BFloat16() = default;
  __attribute__((host)) __attribute__((device)) BFloat16(float f);
  __attribute__((host)) __attribute__((device)) operator float() const;
};
struct IntArrayRef {
  IntArrayRef();
  IntArrayRef(std::initializer_list<long long> l);
  const long long *begin() const;
  const long long *end() const;
  unsigned long size() const;
  long long operator[](unsigned long i) const;
  const long long *data() const;
};
} // namespace c10
namespace at {
using c10::BFloat16;
using c10::Device;
using c10::DeviceType;
using c10::Half;
using c10::IntArrayRef;
using c10::kCPU;
using c10::kCUDA;
using c10::ScalarType;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kFloat32 = ScalarType::Float;
constexpr ScalarType kFloat64 = ScalarType::Double;
constexpr ScalarType kInt32 = ScalarType::Int;
constexpr ScalarType kInt64 = ScalarType::Long;
struct TensorOptions {
  TensorOptions();
  TensorOptions(ScalarType t);
  TensorOptions(Device d);
  TensorOptions(DeviceType d);
  TensorOptions dtype(ScalarType t) const;
  TensorOptions device(Device d) const;
  TensorOptions device(DeviceType d, int index = -1) const;
  TensorOptions requires_grad(bool b) const;
};
struct DeprecatedTypeProperties {
  bool is_cuda() const;
  ScalarType scalarType() const;
  operator ScalarType() const;
};
class Tensor {
public:
  template <typename T> T *data_ptr() const;
  void *data_ptr() const;
  template <typename T> T *mutable_data_ptr() const;
  template <typename T> const T *const_data_ptr() const;
  long long numel() const;
  long long size(long long dim) const;
  long long stride(long long dim) const;
  IntArrayRef sizes() const;
  IntArrayRef strides() const;
  long long dim() const;
  long long ndimension() const;
  bool is_cuda() const;
  bool is_contiguous() const;
  bool defined() const;
  Device device() const;
  ScalarType scalar_type() const;
  DeprecatedTypeProperties type() const;
  ScalarType dtype() const;
  TensorOptions options() const;
  Tensor contiguous() const;
  Tensor clone() const;
  Tensor view(IntArrayRef s) const;
  Tensor reshape(IntArrayRef s) const;
  Tensor to(ScalarType t) const;
  Tensor to(Device d) const;
  Tensor &zero_();
  Tensor &fill_(double v);
  template <typename T> T item() const;
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
Tensor empty(IntArrayRef s, TensorOptions o = {});
Tensor zeros(IntArrayRef s, TensorOptions o = {});
Tensor ones(IntArrayRef s, TensorOptions o = {});
Tensor full(IntArrayRef s, double v, TensorOptions o = {});
Tensor empty_like(const Tensor &t, TensorOptions o = {});
Tensor zeros_like(const Tensor &t, TensorOptions o = {});
Tensor ones_like(const Tensor &t, TensorOptions o = {});
namespace cuda {
struct CUDAStream {
  operator cudaStream_t() const;
  cudaStream_t stream() const;
};
CUDAStream getCurrentCUDAStream(int device = -1);
} // namespace cuda
} // namespace at
namespace torch {
using namespace at;
using at::Tensor;
} // namespace torch
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME kfix_extension
#endif
#define PYBIND11_MODULE(name, m) static void __kfix_pybind11_##name(void *m)
#define TORCH_CHECK(cond, ...) ((void)(cond))
#define AT_ASSERTM(cond, ...) ((void)(cond))
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)0)
#define C10_CUDA_CHECK(x) ((void)(x))
#define AT_CUDA_CHECK(x) ((void)(x))
#define AT_PRIVATE_KFIX_CASE(E, T, ...)                                        \
  case ::at::ScalarType::E: {                                                  \
    using scalar_t = T;                                                        \
    return __VA_ARGS__();                                                      \
  }
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                            \
  [&] {                                                                        \
    switch (TYPE) {                                                            \
      AT_PRIVATE_KFIX_CASE(Double, double, __VA_ARGS__)                        \
      AT_PRIVATE_KFIX_CASE(Float, float, __VA_ARGS__)                          \
    default:                                                                   \
      break;                                                                   \
    }                                                                          \
  }()
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                   \
  [&] {                                                                        \
    switch (TYPE) {                                                            \
      AT_PRIVATE_KFIX_CASE(Double, double, __VA_ARGS__)                        \
      AT_PRIVATE_KFIX_CASE(Float, float, __VA_ARGS__)                          \
      AT_PRIVATE_KFIX_CASE(Half, ::at::Half, __VA_ARGS__)                      \
    default:                                                                   \
      break;                                                                   \
    }                                                                          \
  }()
#endif
)KFIX";

} // namespace kfix::harness

#endif
