// kfix harness, CPU target: device guards do nothing (one device, the CPU).
#pragma once
#include <ATen/cuda/CUDAContext.h>
#include <c10/util/Optional.h>
namespace c10 {
namespace cuda {
struct CUDAGuard {
  template <class... A> explicit CUDAGuard(A &&...) {}
  void set_device(c10::Device) {}
  void reset_device(c10::Device) {}
  void set_index(c10::DeviceIndex) {}
  c10::Device original_device() const { return c10::Device(c10::DeviceType::CPU); }
  c10::Device current_device() const { return c10::Device(c10::DeviceType::CPU); }
};
struct OptionalCUDAGuard : CUDAGuard {
  using CUDAGuard::CUDAGuard;
  void reset() {}
};
struct CUDAStreamGuard {
  template <class... A> explicit CUDAStreamGuard(A &&...) {}
};
struct OptionalCUDAStreamGuard : CUDAStreamGuard {
  using CUDAStreamGuard::CUDAStreamGuard;
};
} // namespace cuda
} // namespace c10
namespace at {
namespace cuda {
using c10::cuda::CUDAGuard;
using c10::cuda::CUDAStreamGuard;
using c10::cuda::OptionalCUDAGuard;
using c10::cuda::OptionalCUDAStreamGuard;
} // namespace cuda
} // namespace at
