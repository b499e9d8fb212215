//===- CudaDevices.h - what CUDA devices this machine has -------*- C++ -*-===//
#ifndef KFIX_RUNTIME_CUDADEVICES_H
#define KFIX_RUNTIME_CUDADEVICES_H

#include <cstdint>
#include <string>
#include <vector>

namespace kfix {

struct CudaDeviceInfo {
  int ordinal = 0;
  std::string name;
  int major = 0, minor = 0; ///< compute capability
  uint64_t totalBytes = 0;
  /// "sm_90" etc.
  std::string chip() const { return "sm_" + std::to_string(major) + std::to_string(minor); }
};

/// Lists the devices, asking the driver (loaded with dlopen) in a child process
/// so that this process never initializes CUDA (it may fork launches later).
/// False with `why` set when there is no driver, the driver fails, or there is
/// no device.
bool listCudaDevices(std::vector<CudaDeviceInfo> &devices, std::string &why);

} // namespace kfix

#endif
