//===- CudaDriver.h - the few CUDA driver API entry points kfix uses -*- C++ -*-===//
//
// kfix has no link-time dependency on CUDA: the driver library is opened with
// dlopen("libcuda.so.1") and the entry points below are looked up by name.
// The types and constants are the driver API's own (cuda.h), declared here.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_LIB_RUNTIME_CUDA_CUDADRIVER_H
#define KFIX_LIB_RUNTIME_CUDA_CUDADRIVER_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace kfix::cu {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUevent = struct CUevent_st *;
using CUstream = struct CUstream_st *;

/// A CUDA IPC memory handle (cuda.h's CUipcMemHandle): passed by value.
struct CUipcMemHandle {
  char reserved[64];
};

constexpr CUresult CUDA_SUCCESS = 0;
constexpr unsigned CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS = 1;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;

/// Entry points resolved from libcuda.so.1.
struct Driver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuModuleGetGlobal)(CUdeviceptr *, size_t *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, CUstream, void **, void **);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  /// Memory another process shares (the KernelBench harness's torch tensors):
  /// null when the driver lacks them (launches on shared memory then fail with
  /// a message, every other launch works).
  CUresult (*cuIpcOpenMemHandle)(CUdeviceptr *, CUipcMemHandle, unsigned);
  CUresult (*cuIpcCloseMemHandle)(CUdeviceptr);
  CUresult (*cuGetErrorString)(CUresult, const char **);
};

/// Opens the driver and resolves every entry point. Null with `why` set when
/// libcuda.so.1 is missing or lacks one of them. The result lives for the
/// process (the library is never closed).
const Driver *loadDriver(std::string &why);

/// "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered".
std::string describe(const Driver &d, CUresult r);
/// Just the error name ("CUDA_ERROR_ILLEGAL_ADDRESS"), or "CUresult <n>".
std::string errorName(const Driver &d, CUresult r);

} // namespace kfix::cu

#endif
