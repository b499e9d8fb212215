// core.cpp - the kfix harness core, built once per target as a torch extension
// and loaded with RTLD_GLOBAL before any candidate extension.
//
// It defines the launch ABI of kfix_rt.h (kfix_rt_launch forwards each launch to
// the harness's Python callback, which has kfix run the kernel), tells the
// harness where a pointer's allocation ends (CPU: a tracking allocator installed
// under torch's CPU allocator; CUDA: the driver's address range), copies bytes
// between host and device, and, for the CPU target (KFIX_RT_CPU), serves the
// CUDA runtime calls wrappers make (cudaMalloc, cudaMemcpy, streams, events...)
// on host memory.
#include <torch/extension.h>
#include <c10/core/CPUAllocator.h>
#include <cuda_runtime_api.h>

#include "kfix_rt.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

typedef int (*kfix_rt_callback_t)(int site, const char *key, const kfix_rt::Dim *grid,
                                  const kfix_rt::Dim *block, size_t shmem, void *stream,
                                  const kfix_rt::Arg *args, int nargs);

namespace {
std::mutex g_mu;
std::map<uintptr_t, size_t> g_allocs; // host allocations: start -> bytes
kfix_rt_callback_t g_callback = nullptr;
std::string g_error;
long long g_launches = 0;

void track(const void *p, size_t n) {
  if (!p)
    return;
  std::lock_guard<std::mutex> l(g_mu);
  g_allocs[(uintptr_t)p] = n;
}
void untrack(const void *p) {
  std::lock_guard<std::mutex> l(g_mu);
  g_allocs.erase((uintptr_t)p);
}

#ifdef KFIX_RT_CPU
// Every CPU tensor allocation goes through this allocator, so the harness knows
// where each kernel argument's allocation ends.
struct TrackingAllocator final : public at::Allocator {
  at::Allocator *base = nullptr;
  // The context of each DataPtr is its data pointer (some CPU kernels assert
  // get() == get_context()); the base allocator's DataPtr is kept here until the
  // deleter runs.
  static std::map<uintptr_t, at::DataPtr> &owners() {
    static std::map<uintptr_t, at::DataPtr> m;
    return m;
  }
  static void deleter(void *p) {
    at::DataPtr orig;
    {
      std::lock_guard<std::mutex> l(g_mu);
      g_allocs.erase((uintptr_t)p);
      auto it = owners().find((uintptr_t)p);
      if (it == owners().end())
        return;
      orig = std::move(it->second);
      owners().erase(it);
    }
  }
#if defined(TORCH_VERSION_MAJOR) &&                                                                \
    (TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3))
  at::DataPtr allocate(size_t n) override{
#else
  at::DataPtr allocate(size_t n) const override {
#endif
      at::DataPtr orig = base -> allocate(n);
  void *p = orig.get();
  if (!p)
    return orig;
  {
    std::lock_guard<std::mutex> l(g_mu);
    g_allocs[(uintptr_t)p] = n;
    owners()[(uintptr_t)p] = std::move(orig);
  }
  return at::DataPtr(p, p, &TrackingAllocator::deleter, at::Device(at::DeviceType::CPU));
} at::DeleterFnPtr raw_deleter() const override {
  return &TrackingAllocator::deleter;
}
void copy_data(void *dst, const void *src, size_t n) const { std::memcpy(dst, src, n); }
};
TrackingAllocator g_tracking;
#endif

typedef int (*cuMemGetAddressRange_t)(unsigned long long *, size_t *, unsigned long long);
} // namespace

extern "C" {

void kfix_rt_set_callback(kfix_rt_callback_t cb) { g_callback = cb; }
void kfix_rt_set_error(const char *msg) { g_error = msg ? msg : ""; }
long long kfix_rt_launch_count() { return g_launches; }

int kfix_rt_install_tracking() {
#ifdef KFIX_RT_CPU
  if (!g_tracking.base) {
    g_tracking.base = c10::GetCPUAllocator();
    c10::SetCPUAllocator(&g_tracking, /*priority=*/100);
  }
  return 1;
#else
  return 0;
#endif
}

/// 0: host memory, 1: device memory, -1: unknown.
int kfix_rt_pointer_kind(const void *p) {
#ifdef KFIX_RT_CPU
  (void)p;
  return 0;
#else
  cudaPointerAttributes a;
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  if (a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged)
    return 1;
  return 0;
#endif
}

/// The allocation that holds p: its start and size in bytes. 1 when found.
int kfix_rt_extent(const void *p, unsigned long long *base, unsigned long long *bytes) {
  {
    std::lock_guard<std::mutex> l(g_mu);
    auto it = g_allocs.upper_bound((uintptr_t)p);
    if (it != g_allocs.begin()) {
      --it;
      if ((uintptr_t)p < it->first + it->second || ((uintptr_t)p == it->first)) {
        *base = it->first;
        *bytes = it->second;
        return 1;
      }
    }
  }
#ifndef KFIX_RT_CPU
  static cuMemGetAddressRange_t fn = nullptr;
  if (!fn) {
    fn = (cuMemGetAddressRange_t)dlsym(RTLD_DEFAULT, "cuMemGetAddressRange_v2");
    if (!fn) {
      void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
      if (h)
        fn = (cuMemGetAddressRange_t)dlsym(h, "cuMemGetAddressRange_v2");
    }
  }
  if (fn) {
    unsigned long long b = 0;
    size_t n = 0;
    if (fn(&b, &n, (unsigned long long)p) == 0) {
      *base = b;
      *bytes = n;
      return 1;
    }
  }
#endif
  return 0;
}

/// kind 0: host to host, 1: device to host, 2: host to device. 0 on success.
int kfix_rt_copy(void *dst, const void *src, unsigned long long n, int kind) {
  if (kind == 0) {
    std::memmove(dst, src, n);
    return 0;
  }
#ifdef KFIX_RT_CPU
  std::memmove(dst, src, n);
  return 0;
#else
  cudaError_t e = cudaDeviceSynchronize();
  if (e == cudaSuccess)
    e = cudaMemcpy(dst, src, n, kind == 1 ? cudaMemcpyDeviceToHost : cudaMemcpyHostToDevice);
  if (e != cudaSuccess) {
    g_error = std::string("cudaMemcpy: ") + cudaGetErrorString(e);
    return 1;
  }
  return 0;
#endif
}

const char *kfix_rt_last_error() { return g_error.c_str(); }

/// A CUDA IPC handle (64 bytes into `handle`) for the device allocation that
/// starts at `base`, so that the kfix exec-server runs a kernel on it in place.
/// 0 on success; 1, with the reason in kfix_rt_last_error, when the memory
/// cannot be shared: not device memory, not device 0 (the exec-server's
/// device), or not from cudaMalloc (torch's expandable segments).
int kfix_rt_ipc_handle(const void *base, unsigned char *handle) {
#ifdef KFIX_RT_CPU
  (void)base;
  (void)handle;
  g_error = "no CUDA IPC on the CPU target";
  return 1;
#else
  cudaPointerAttributes a;
  if (cudaPointerGetAttributes(&a, base) != cudaSuccess) {
    g_error = std::string("cudaPointerGetAttributes: ") + cudaGetErrorString(cudaGetLastError());
    return 1;
  }
  if (a.type != cudaMemoryTypeDevice) {
    g_error = "not device memory (managed or host memory)";
    return 1;
  }
  if (a.device != 0) {
    g_error = "memory of device " + std::to_string(a.device) + ", not device 0";
    return 1;
  }
  cudaIpcMemHandle_t h;
  cudaError_t e = cudaIpcGetMemHandle(&h, const_cast<void *>(base));
  if (e != cudaSuccess) {
    cudaGetLastError();
    g_error = std::string("cudaIpcGetMemHandle: ") + cudaGetErrorString(e);
    return 1;
  }
  static_assert(sizeof h == 64, "cudaIpcMemHandle_t is 64 bytes");
  std::memcpy(handle, &h, sizeof h);
  return 0;
#endif
}

/// Waits for the device's work (torch's streams included): a kernel the
/// exec-server runs on shared memory must see what the candidate's earlier
/// torch ops wrote. 0 on success.
int kfix_rt_device_sync() {
#ifdef KFIX_RT_CPU
  return 0;
#else
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    g_error = std::string("cudaDeviceSynchronize: ") + cudaGetErrorString(e);
    return 1;
  }
  return 0;
#endif
}

/// A copy into or out of the host variable that stands for a `__constant__`
/// symbol (kfix_rt_compat.h): the other side may be host or device memory.
int kfix_rt_symbol_copy(void *dst, const void *src, size_t n) {
#ifdef KFIX_RT_CPU
  std::memmove(dst, src, n);
  return 0;
#else
  cudaError_t e = cudaMemcpy(dst, src, n, cudaMemcpyDefault);
  if (e != cudaSuccess) {
    std::fprintf(stderr, "kfix harness: copy to or from a __constant__ symbol: %s\n",
                 cudaGetErrorString(e));
    return 1;
  }
  return 0;
#endif
}

void kfix_rt_symbol_error(const char *call, const char *name, size_t symbol_bytes, size_t offset,
                          size_t count) {
  std::fprintf(stderr,
               "kfix harness: %s(%s, ...): offset %zu + count %zu bytes is past the end of "
               "the %zu-byte __constant__ symbol; cudaErrorInvalidValue\n",
               call, name, offset, count, symbol_bytes);
}

void kfix_rt_launch(int site, const char *key, kfix_rt::Dim grid, kfix_rt::Dim block, size_t shmem,
                    void *stream, const kfix_rt::Arg *args, int nargs) {
  ++g_launches;
  if (!g_callback)
    throw std::runtime_error(std::string("kfix harness: launch of ") + key +
                             " with no harness attached");
  for (int i = 0; i < nargs; ++i)
    if (args[i].kind == kfix_rt::kUnsupported)
      throw std::runtime_error(std::string("kfix harness: kernel ") + key + " argument " +
                               std::to_string(i) + " has a type kfix cannot pass (" + args[i].type +
                               ")");
  g_error.clear();
  int rc = g_callback(site, key, &grid, &block, shmem, stream, args, nargs);
  if (rc != 0)
    throw std::runtime_error(
        g_error.empty() ? std::string("kfix harness: launch of ") + key + " failed" : g_error);
}

} // extern "C"

#ifdef KFIX_RT_CPU
//===----------------------------------------------------------------------===//
// The CUDA runtime on the CPU target: device memory is host memory.
//===----------------------------------------------------------------------===//
namespace {
cudaError_t g_last = cudaSuccess;
cudaDeviceProp g_props;
bool g_propsInit = false;
void initProps() {
  if (g_propsInit)
    return;
  std::memset(&g_props, 0, sizeof g_props);
  std::snprintf(g_props.name, sizeof g_props.name, "kfix CPU executor (H200-like limits)");
  g_props.totalGlobalMem = 141ull << 30;
  g_props.sharedMemPerBlock = 48 << 10;
  g_props.sharedMemPerBlockOptin = 227 << 10;
  g_props.sharedMemPerMultiprocessor = 228 << 10;
  g_props.regsPerBlock = 65536;
  g_props.warpSize = 32;
  g_props.maxThreadsPerBlock = 1024;
  g_props.maxThreadsDim[0] = 1024;
  g_props.maxThreadsDim[1] = 1024;
  g_props.maxThreadsDim[2] = 64;
  g_props.maxGridSize[0] = 2147483647;
  g_props.maxGridSize[1] = 65535;
  g_props.maxGridSize[2] = 65535;
  g_props.major = 9;
  g_props.minor = 0;
  g_props.multiProcessorCount = 132;
  g_props.maxThreadsPerMultiProcessor = 2048;
  g_props.l2CacheSize = 50 << 20;
  g_propsInit = true;
}
} // namespace

extern "C" {
cudaDeviceProp *kfix_rt_device_props() {
  initProps();
  return &g_props;
}

cudaError_t cudaMalloc(void **p, size_t n) {
  *p = std::malloc(n ? n : 1);
  if (!*p)
    return g_last = cudaErrorMemoryAllocation;
  track(*p, n);
  return cudaSuccess;
}
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned int) { return cudaMalloc(p, n); }
cudaError_t cudaMallocHost(void **p, size_t n) { return cudaMalloc(p, n); }
cudaError_t cudaHostAlloc(void **p, size_t n, unsigned int) { return cudaMalloc(p, n); }
cudaError_t cudaFree(void *p) {
  if (p) {
    untrack(p);
    std::free(p);
  }
  return cudaSuccess;
}
cudaError_t cudaFreeHost(void *p) { return cudaFree(p); }
cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) {
  std::memmove(d, s, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind, cudaStream_t) {
  std::memmove(d, s, n);
  return cudaSuccess;
}
cudaError_t cudaMemset(void *d, int v, size_t n) {
  std::memset(d, v, n);
  return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t) {
  std::memset(d, v, n);
  return cudaSuccess;
}
cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaStreamCreate(cudaStream_t *s) {
  *s = nullptr;
  return cudaSuccess;
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int) {
  *s = nullptr;
  return cudaSuccess;
}
cudaError_t cudaStreamDestroy(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaGetLastError(void) {
  cudaError_t e = g_last;
  g_last = cudaSuccess;
  return e;
}
cudaError_t cudaPeekAtLastError(void) { return g_last; }
const char *cudaGetErrorString(cudaError_t e) {
  return e == cudaSuccess ? "no error" : "CUDA error (kfix CPU target)";
}
const char *cudaGetErrorName(cudaError_t e) {
  return e == cudaSuccess ? "cudaSuccess" : "cudaError";
}
cudaError_t cudaGetDevice(int *d) {
  *d = 0;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int) { return cudaSuccess; }
cudaError_t cudaGetDeviceCount(int *n) {
  *n = 1;
  return cudaSuccess;
}
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int) {
  initProps();
  *p = g_props;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetAttribute(int *v, cudaDeviceAttr a, int) {
  initProps();
  switch (a) {
  case cudaDevAttrMultiProcessorCount:
    *v = g_props.multiProcessorCount;
    break;
  case cudaDevAttrMaxThreadsPerBlock:
    *v = 1024;
    break;
  case cudaDevAttrWarpSize:
    *v = 32;
    break;
  case cudaDevAttrMaxSharedMemoryPerBlock:
    *v = (int)g_props.sharedMemPerBlock;
    break;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin:
    *v = (int)g_props.sharedMemPerBlockOptin;
    break;
  case cudaDevAttrMaxBlockDimX:
    *v = 1024;
    break;
  case cudaDevAttrMaxGridDimX:
    *v = 2147483647;
    break;
  case cudaDevAttrComputeCapabilityMajor:
    *v = 9;
    break;
  case cudaDevAttrComputeCapabilityMinor:
    *v = 0;
    break;
  default:
    *v = 0;
    break;
  }
  return cudaSuccess;
}
cudaError_t cudaFuncSetAttribute(const void *, cudaFuncAttribute, int) { return cudaSuccess; }
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, const void *) {
  std::memset(a, 0, sizeof *a);
  a->maxThreadsPerBlock = 1024;
  return cudaSuccess;
}
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *, int, size_t) {
  *n = 2;
  return cudaSuccess;
}
cudaError_t cudaEventCreate(cudaEvent_t *e) {
  *e = nullptr;
  return cudaSuccess;
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int) {
  *e = nullptr;
  return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t) { return cudaSuccess; }
cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t, cudaEvent_t) {
  *ms = 0;
  return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t) { return cudaSuccess; }
cudaError_t cudaMemcpyToSymbol(const void *sym, const void *src, size_t n, size_t off,
                               cudaMemcpyKind) {
  std::memcpy((char *)sym + off, src, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *sym, size_t n, size_t off, cudaMemcpyKind) {
  std::memcpy(dst, (const char *)sym + off, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyToSymbolAsync(const void *sym, const void *src, size_t n, size_t off,
                                    cudaMemcpyKind, cudaStream_t) {
  std::memcpy((char *)sym + off, src, n);
  return cudaSuccess;
}
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *sym, size_t n, size_t off,
                                      cudaMemcpyKind, cudaStream_t) {
  std::memcpy(dst, (const char *)sym + off, n);
  return cudaSuccess;
}
cudaError_t cudaGetSymbolAddress(void **p, const void *sym) {
  *p = const_cast<void *>(sym);
  return cudaSuccess;
}
} // extern "C"
#endif

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("install_tracking", &kfix_rt_install_tracking);
  m.def("launch_count", &kfix_rt_launch_count);
}
