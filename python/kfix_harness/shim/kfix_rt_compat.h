// kfix_rt_compat.h - what a rewritten host wrapper needs besides the launch ABI.
//
// Included by `kfix harness-prepare` at the top of the rewritten source, after
// <torch/extension.h>. KFIX_RT_CPU is defined when the wrapper is built for the
// CPU target: tensors live on the CPU, the CUDA runtime calls are served by the
// harness core (core.cpp), and the wrapper's device checks must accept them.
#ifndef KFIX_RT_COMPAT_H
#define KFIX_RT_COMPAT_H

#include <torch/extension.h>
#include "kfix_rt.h"

#ifndef __global__
#define __global__
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __host__
#define __host__
#endif
#ifndef __forceinline__
#define __forceinline__ inline
#endif
#ifndef __shared__
#define __shared__
#endif
#ifndef __constant__
#define __constant__
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...)
#endif

// nvcc gives host code ::min / ::max for mixed arithmetic types (CUDA's
// math_functions.hpp, plain functions, so they win over std::min's template).
// The same overloads, for host code compiled by a C++ compiler.
#if !defined(__CUDACC__)
#include <type_traits>
#define KFIX_RT_MINMAX(A, B)                                                                       \
  inline std::common_type_t<A, B> min(A a, B b) { return b < a ? b : a; }                          \
  inline std::common_type_t<A, B> max(A a, B b) { return a < b ? b : a; }
KFIX_RT_MINMAX(int, int)
KFIX_RT_MINMAX(int, unsigned int)
KFIX_RT_MINMAX(int, long)
KFIX_RT_MINMAX(int, unsigned long)
KFIX_RT_MINMAX(int, long long)
KFIX_RT_MINMAX(int, unsigned long long)
KFIX_RT_MINMAX(int, float)
KFIX_RT_MINMAX(int, double)
KFIX_RT_MINMAX(unsigned int, int)
KFIX_RT_MINMAX(unsigned int, unsigned int)
KFIX_RT_MINMAX(unsigned int, long)
KFIX_RT_MINMAX(unsigned int, unsigned long)
KFIX_RT_MINMAX(unsigned int, long long)
KFIX_RT_MINMAX(unsigned int, unsigned long long)
KFIX_RT_MINMAX(unsigned int, float)
KFIX_RT_MINMAX(unsigned int, double)
KFIX_RT_MINMAX(long, int)
KFIX_RT_MINMAX(long, unsigned int)
KFIX_RT_MINMAX(long, long)
KFIX_RT_MINMAX(long, unsigned long)
KFIX_RT_MINMAX(long, long long)
KFIX_RT_MINMAX(long, unsigned long long)
KFIX_RT_MINMAX(long, float)
KFIX_RT_MINMAX(long, double)
KFIX_RT_MINMAX(unsigned long, int)
KFIX_RT_MINMAX(unsigned long, unsigned int)
KFIX_RT_MINMAX(unsigned long, long)
KFIX_RT_MINMAX(unsigned long, unsigned long)
KFIX_RT_MINMAX(unsigned long, long long)
KFIX_RT_MINMAX(unsigned long, unsigned long long)
KFIX_RT_MINMAX(unsigned long, float)
KFIX_RT_MINMAX(unsigned long, double)
KFIX_RT_MINMAX(long long, int)
KFIX_RT_MINMAX(long long, unsigned int)
KFIX_RT_MINMAX(long long, long)
KFIX_RT_MINMAX(long long, unsigned long)
KFIX_RT_MINMAX(long long, long long)
KFIX_RT_MINMAX(long long, unsigned long long)
KFIX_RT_MINMAX(long long, float)
KFIX_RT_MINMAX(long long, double)
KFIX_RT_MINMAX(unsigned long long, int)
KFIX_RT_MINMAX(unsigned long long, unsigned int)
KFIX_RT_MINMAX(unsigned long long, long)
KFIX_RT_MINMAX(unsigned long long, unsigned long)
KFIX_RT_MINMAX(unsigned long long, long long)
KFIX_RT_MINMAX(unsigned long long, unsigned long long)
KFIX_RT_MINMAX(unsigned long long, float)
KFIX_RT_MINMAX(unsigned long long, double)
KFIX_RT_MINMAX(float, int)
KFIX_RT_MINMAX(float, unsigned int)
KFIX_RT_MINMAX(float, long)
KFIX_RT_MINMAX(float, unsigned long)
KFIX_RT_MINMAX(float, long long)
KFIX_RT_MINMAX(float, unsigned long long)
KFIX_RT_MINMAX(float, float)
KFIX_RT_MINMAX(float, double)
KFIX_RT_MINMAX(double, int)
KFIX_RT_MINMAX(double, unsigned int)
KFIX_RT_MINMAX(double, long)
KFIX_RT_MINMAX(double, unsigned long)
KFIX_RT_MINMAX(double, long long)
KFIX_RT_MINMAX(double, unsigned long long)
KFIX_RT_MINMAX(double, float)
KFIX_RT_MINMAX(double, double)
#undef KFIX_RT_MINMAX
#endif

// cudaMemcpyToSymbol / cudaMemcpyToSymbolAsync / cudaMemcpyFromSymbol(Async) on a
// `__constant__` variable of the source: `kfix harness-prepare` rewrites the call to
// these, which copy into (out of) the host variable that stands for the symbol
// (from host or device memory alike); each launch then passes its bytes to the
// kernels that read it (::kfix_rt::symbol). An offset and count past the
// variable's size is cudaErrorInvalidValue, as CUDA answers, with a message.
#if __has_include(<cuda_runtime_api.h>)
#include <cuda_runtime_api.h>
extern "C" int kfix_rt_symbol_copy(void *dst, const void *src, size_t n);
extern "C" void kfix_rt_symbol_error(const char *call, const char *name, size_t symbol_bytes,
                                     size_t offset, size_t count);
namespace kfix_rt {
struct SymbolCopy {
  const char *name;
  template <class T>
  cudaError_t to_symbol(T &sym, const void *src, size_t count, size_t offset = 0,
                        cudaMemcpyKind = cudaMemcpyHostToDevice, cudaStream_t = 0,
                        const char *call = "cudaMemcpyToSymbol") const {
    if (offset > sizeof(T) || count > sizeof(T) - offset) {
      kfix_rt_symbol_error(call, name, sizeof(T), offset, count);
      return cudaErrorInvalidValue;
    }
    if (count && kfix_rt_symbol_copy((char *)(void *)&sym + offset, src, count))
      return cudaErrorInvalidValue;
    return cudaSuccess;
  }
  template <class T>
  cudaError_t to_symbol_async(T &sym, const void *src, size_t count, size_t offset = 0,
                              cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                              cudaStream_t stream = 0) const {
    return to_symbol(sym, src, count, offset, kind, stream, "cudaMemcpyToSymbolAsync");
  }
  template <class T>
  cudaError_t from_symbol(void *dst, const T &sym, size_t count, size_t offset = 0,
                          cudaMemcpyKind = cudaMemcpyDeviceToHost, cudaStream_t = 0,
                          const char *call = "cudaMemcpyFromSymbol") const {
    if (offset > sizeof(T) || count > sizeof(T) - offset) {
      kfix_rt_symbol_error(call, name, sizeof(T), offset, count);
      return cudaErrorInvalidValue;
    }
    if (count && kfix_rt_symbol_copy(dst, (const char *)(const void *)&sym + offset, count))
      return cudaErrorInvalidValue;
    return cudaSuccess;
  }
  template <class T>
  cudaError_t from_symbol_async(void *dst, const T &sym, size_t count, size_t offset = 0,
                                cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                cudaStream_t stream = 0) const {
    return from_symbol(dst, sym, count, offset, kind, stream, "cudaMemcpyFromSymbolAsync");
  }
};
} // namespace kfix_rt
#endif

namespace kfix_rt {
#ifdef KFIX_RT_CPU
inline bool is_cuda(const at::Tensor &) { return true; }
inline bool is_cuda(const c10::Device &) { return true; }
inline c10::DeviceType cuda_device_type() { return c10::DeviceType::CPU; }
#else
inline bool is_cuda(const at::Tensor &t) { return t.is_cuda(); }
inline bool is_cuda(const c10::Device &d) { return d.is_cuda(); }
inline c10::DeviceType cuda_device_type() { return c10::DeviceType::CUDA; }
#endif
template <> inline std::string tname<c10::Half>() { return "c10::Half"; }
template <> inline std::string tname<c10::BFloat16>() { return "c10::BFloat16"; }
} // namespace kfix_rt

#if defined(__CUDA_FP16_TYPES_EXIST__) || defined(__CUDA_FP16_H__)
namespace kfix_rt {
template <> inline std::string tname<__half>() { return "__half"; }
} // namespace kfix_rt
#endif
#if defined(__CUDA_BF16_TYPES_EXIST__) || defined(__CUDA_BF16_H__)
namespace kfix_rt {
template <> inline std::string tname<__nv_bfloat16>() { return "__nv_bfloat16"; }
} // namespace kfix_rt
#endif

#endif
