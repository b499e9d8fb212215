//===- CudaDriver.cpp - dlopen the CUDA driver -----------------------------===//
#include "CudaDriver.h"

#include <dlfcn.h>

using namespace kfix::cu;

namespace {

template <typename Fn>
bool resolve(void *lib, Fn &fn, std::initializer_list<const char *> names, std::string &why) {
  for (const char *name : names) {
    if (void *sym = dlsym(lib, name)) {
      fn = reinterpret_cast<Fn>(sym);
      return true;
    }
  }
  why = std::string("the CUDA driver (libcuda.so.1) lacks ") + *names.begin();
  return false;
}

Driver loaded;
bool tried = false;
const Driver *result = nullptr;
std::string failure;

} // namespace

const Driver *kfix::cu::loadDriver(std::string &why) {
  if (tried) {
    why = failure;
    return result;
  }
  tried = true;
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *err = dlerror();
    failure = std::string("no CUDA driver: cannot load libcuda.so.1") +
              (err ? std::string(" (") + err + ")" : std::string());
    why = failure;
    return nullptr;
  }
  Driver &d = loaded;
  bool ok = resolve(lib, d.cuInit, {"cuInit"}, failure) &&
            resolve(lib, d.cuDriverGetVersion, {"cuDriverGetVersion"}, failure) &&
            resolve(lib, d.cuDeviceGetCount, {"cuDeviceGetCount"}, failure) &&
            resolve(lib, d.cuDeviceGet, {"cuDeviceGet"}, failure) &&
            resolve(lib, d.cuDeviceGetName, {"cuDeviceGetName"}, failure) &&
            resolve(lib, d.cuDeviceTotalMem, {"cuDeviceTotalMem_v2"}, failure) &&
            resolve(lib, d.cuDeviceGetAttribute, {"cuDeviceGetAttribute"}, failure) &&
            resolve(lib, d.cuDevicePrimaryCtxRetain, {"cuDevicePrimaryCtxRetain"}, failure) &&
            resolve(lib, d.cuCtxSetCurrent, {"cuCtxSetCurrent"}, failure) &&
            resolve(lib, d.cuCtxSynchronize, {"cuCtxSynchronize"}, failure) &&
            resolve(lib, d.cuModuleLoadDataEx, {"cuModuleLoadDataEx"}, failure) &&
            resolve(lib, d.cuModuleUnload, {"cuModuleUnload"}, failure) &&
            resolve(lib, d.cuModuleGetFunction, {"cuModuleGetFunction"}, failure) &&
            resolve(lib, d.cuModuleGetGlobal, {"cuModuleGetGlobal_v2"}, failure) &&
            resolve(lib, d.cuFuncSetAttribute, {"cuFuncSetAttribute"}, failure) &&
            resolve(lib, d.cuMemAlloc, {"cuMemAlloc_v2"}, failure) &&
            resolve(lib, d.cuMemFree, {"cuMemFree_v2"}, failure) &&
            resolve(lib, d.cuMemcpyHtoD, {"cuMemcpyHtoD_v2"}, failure) &&
            resolve(lib, d.cuMemcpyDtoH, {"cuMemcpyDtoH_v2"}, failure) &&
            resolve(lib, d.cuLaunchKernel, {"cuLaunchKernel"}, failure) &&
            resolve(lib, d.cuEventCreate, {"cuEventCreate"}, failure) &&
            resolve(lib, d.cuEventRecord, {"cuEventRecord"}, failure) &&
            resolve(lib, d.cuEventSynchronize, {"cuEventSynchronize"}, failure) &&
            resolve(lib, d.cuEventElapsedTime, {"cuEventElapsedTime_v2", "cuEventElapsedTime"},
                    failure) &&
            resolve(lib, d.cuEventDestroy, {"cuEventDestroy_v2", "cuEventDestroy"}, failure) &&
            resolve(lib, d.cuGetErrorName, {"cuGetErrorName"}, failure) &&
            resolve(lib, d.cuGetErrorString, {"cuGetErrorString"}, failure);
  if (!ok) {
    why = failure;
    return nullptr;
  }
  std::string optional;
  if (!resolve(lib, d.cuIpcOpenMemHandle, {"cuIpcOpenMemHandle_v2", "cuIpcOpenMemHandle"},
               optional) ||
      !resolve(lib, d.cuIpcCloseMemHandle, {"cuIpcCloseMemHandle"}, optional))
    d.cuIpcOpenMemHandle = nullptr, d.cuIpcCloseMemHandle = nullptr;
  result = &loaded;
  return result;
}

std::string kfix::cu::errorName(const Driver &d, CUresult r) {
  const char *name = nullptr;
  if (d.cuGetErrorName(r, &name) == CUDA_SUCCESS && name)
    return name;
  return "CUresult " + std::to_string(r);
}

std::string kfix::cu::describe(const Driver &d, CUresult r) {
  std::string s = errorName(d, r);
  const char *text = nullptr;
  if (d.cuGetErrorString(r, &text) == CUDA_SUCCESS && text)
    s += std::string(": ") + text;
  return s;
}
