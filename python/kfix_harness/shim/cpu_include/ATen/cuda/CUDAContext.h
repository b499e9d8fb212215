// kfix harness, CPU target: what a wrapper uses of ATen/cuda/CUDAContext.h, with
// tensors on the CPU and kernels run by kfix. Streams are null (one ordered queue).
#pragma once
#include <cuda_runtime.h>
#include <c10/core/Device.h>
#include <stdexcept>

namespace c10 {
namespace cuda {
class CUDAStream {
public:
  CUDAStream() = default;
  cudaStream_t stream() const { return nullptr; }
  operator cudaStream_t() const { return nullptr; }
  c10::DeviceIndex device_index() const { return 0; }
  c10::Device device() const { return c10::Device(c10::DeviceType::CPU); }
  int64_t id() const { return 0; }
  void synchronize() const {}
  bool query() const { return true; }
};
inline CUDAStream getCurrentCUDAStream(c10::DeviceIndex = -1) { return {}; }
inline CUDAStream getDefaultCUDAStream(c10::DeviceIndex = -1) { return {}; }
inline CUDAStream getStreamFromPool(bool = false, c10::DeviceIndex = -1) { return {}; }
inline void setCurrentCUDAStream(CUDAStream) {}
inline c10::DeviceIndex current_device() { return 0; }
inline c10::DeviceIndex device_count() { return 1; }
inline void device_synchronize() {}
} // namespace cuda
} // namespace c10

extern "C" cudaDeviceProp *kfix_rt_device_props();

namespace at {
namespace cuda {
using c10::cuda::CUDAStream;
using c10::cuda::getCurrentCUDAStream;
using c10::cuda::getDefaultCUDAStream;
using c10::cuda::getStreamFromPool;
using c10::cuda::setCurrentCUDAStream;
inline cudaDeviceProp *getCurrentDeviceProperties() { return kfix_rt_device_props(); }
inline cudaDeviceProp *getDeviceProperties(int64_t) { return kfix_rt_device_props(); }
inline int64_t getNumGPUs() { return 1; }
inline bool is_available() { return true; }
inline int warp_size() { return 32; }
inline c10::DeviceIndex current_device() { return 0; }
} // namespace cuda
} // namespace at
