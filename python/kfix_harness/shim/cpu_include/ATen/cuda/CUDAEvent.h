#pragma once
#include <ATen/cuda/CUDAContext.h>
namespace at {
namespace cuda {
struct CUDAEvent {
  template <class... A> explicit CUDAEvent(A &&...) {}
  template <class S> void record(const S &) {}
  void record() {}
  template <class S> void block(const S &) {}
  void synchronize() const {}
  bool query() const { return true; }
  float elapsed_time(const CUDAEvent &) const { return 0.f; }
};
} // namespace cuda
} // namespace at
