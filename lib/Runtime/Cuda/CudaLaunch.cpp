//===- CudaLaunch.cpp - run one launch region with the driver API ---------===//
#include "CudaLaunch.h"
#include "CudaDriver.h"

#include "kfix/Runtime/TraceABI.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace kfix;

namespace {

constexpr uint64_t kLaunchMagic = 0x6b6669786c6e6368ULL; // "kfixlnch"

struct LaunchHeader {
  uint64_t magic;
  uint64_t numParams;
  uint64_t paramsOffset;
  uint64_t ptxOffset, ptxBytes;
  uint64_t entryOffset, entryBytes;
  int64_t grid[3], block[3];
  int64_t sharedBytes;
  uint64_t traceOffset, traceBytes;
  uint64_t timingReps;
};

size_t align8(size_t n) { return (n + 7) & ~size_t(7); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// The driver and context of this process, set up by the first launch it
/// serves, and the modules it loaded (a repair loop launches one candidate at
/// several sizes and seeds, then in every check of the integrity gate: its
/// PTX is JIT-compiled once). The modules stay loaded as long as the compile
/// cache keeps their kernels (CompileCache.h, as many entries by default);
/// past that the least recently launched one is unloaded.
struct ServerState {
  const cu::Driver *driver = nullptr;
  cu::CUcontext ctx = nullptr;
  llvm::StringMap<cu::CUmodule> modules; // key: PTX text
  std::vector<std::string> order;        // least recently launched first
};

ServerState &state() {
  static ServerState s;
  return s;
}

constexpr size_t kMaxCachedModules = 64;

} // namespace

LaunchLayout kfix::layoutLaunch(LaunchSpec &spec) {
  LaunchLayout l;
  size_t size = align8(sizeof(LaunchReport)) + align8(sizeof(LaunchHeader)) +
                align8(spec.params.size() * sizeof(LaunchParam)) + align8(spec.ptx->size() + 1) +
                align8(spec.entry->size() + 1);
  for (LaunchParam &p : spec.params) {
    if (!p.isMemref || p.shared)
      continue;
    p.bufferOffset = size;
    size += align8(p.bufferBytes);
  }
  if (spec.traceBytes) {
    l.traceOffset = size;
    size += align8(spec.traceBytes);
  }
  l.total = size;
  return l;
}

void kfix::writeLaunchRegion(const LaunchSpec &spec, const LaunchLayout &layout, char *region) {
  LaunchHeader h{};
  h.magic = kLaunchMagic;
  h.numParams = spec.params.size();
  h.paramsOffset = align8(sizeof(LaunchReport)) + align8(sizeof(LaunchHeader));
  h.ptxOffset = h.paramsOffset + align8(spec.params.size() * sizeof(LaunchParam));
  h.ptxBytes = spec.ptx->size();
  h.entryOffset = h.ptxOffset + align8(spec.ptx->size() + 1);
  h.entryBytes = spec.entry->size();
  for (int d = 0; d < 3; ++d) {
    h.grid[d] = spec.grid[d];
    h.block[d] = spec.block[d];
  }
  h.sharedBytes = spec.sharedBytes;
  h.traceOffset = layout.traceOffset;
  h.traceBytes = spec.traceBytes;
  h.timingReps = spec.timingReps;
  memcpy(region + align8(sizeof(LaunchReport)), &h, sizeof h);
  if (!spec.params.empty())
    memcpy(region + h.paramsOffset, spec.params.data(), spec.params.size() * sizeof(LaunchParam));
  memcpy(region + h.ptxOffset, spec.ptx->data(), spec.ptx->size());
  memcpy(region + h.entryOffset, spec.entry->data(), spec.entry->size());
}

namespace {
/// Bytes of the trace buffer before its access records (all of it when it
/// has none): the part that must be copied to the device and back whole.
/// KFIX_CUDA_FULL_TRACE_COPY=1 copies the whole buffer both ways, as kfix did
/// before (for measuring the difference side by side).
uint64_t traceHeadBytes(const char *region, const LaunchHeader &h) {
  static const bool full = [] {
    const char *v = getenv("KFIX_CUDA_FULL_TRACE_COPY");
    return v && *v && strcmp(v, "0") != 0;
  }();
  if (full)
    return h.traceBytes;
  KFixTraceHeader th;
  memcpy(&th, region + h.traceOffset, sizeof th);
  if (th.accessCapacity == 0 || th.accessesOffset > h.traceBytes)
    return h.traceBytes;
  return th.accessesOffset;
}
} // namespace

int kfix::serveLaunch(char *region, size_t bytes) {
  auto *rep = reinterpret_cast<LaunchReport *>(region);
  rep->kernelMs = rep->kernelMsMin = -1;
  auto fail = [&](int code, const std::string &what, const cu::Driver *d, cu::CUresult r) {
    rep->failed = code;
    if (d) {
      snprintf(rep->errName, sizeof rep->errName, "%s", cu::errorName(*d, r).c_str());
      snprintf(rep->message, sizeof rep->message, "%s: %s", what.c_str(),
               cu::describe(*d, r).c_str());
    } else {
      snprintf(rep->message, sizeof rep->message, "%s", what.c_str());
    }
    // A launch or kernel error leaves the context unusable.
    return code == 2 ? 1 : 0;
  };

  // The region's description, checked before anything is read from it.
  LaunchHeader h;
  size_t hdrAt = align8(sizeof(LaunchReport));
  if (bytes < hdrAt + sizeof h)
    return fail(1, "malformed launch region", nullptr, 0), 1;
  memcpy(&h, region + hdrAt, sizeof h);
  auto inside = [&](uint64_t off, uint64_t n) { return off <= bytes && n <= bytes - off; };
  if (h.magic != kLaunchMagic || h.numParams > 4096 ||
      !inside(h.paramsOffset, h.numParams * sizeof(LaunchParam)) ||
      !inside(h.ptxOffset, h.ptxBytes + 1) || !inside(h.entryOffset, h.entryBytes + 1) ||
      (h.traceBytes &&
       (h.traceBytes < sizeof(KFixTraceHeader) || !inside(h.traceOffset, h.traceBytes))))
    return fail(1, "malformed launch region", nullptr, 0), 1;
  std::vector<LaunchParam> params(h.numParams);
  if (h.numParams)
    memcpy(params.data(), region + h.paramsOffset, h.numParams * sizeof(LaunchParam));
  for (const LaunchParam &p : params)
    if (p.isMemref && (p.rank < 0 || p.rank > int(kMaxLaunchRank) ||
                       (!p.shared && !inside(p.bufferOffset, p.bufferBytes))))
      return fail(1, "malformed launch region", nullptr, 0), 1;
  std::string ptx(region + h.ptxOffset, h.ptxBytes);
  std::string entry(region + h.entryOffset, h.entryBytes);

  ServerState &s = state();
  std::string why;
  if (!s.driver) {
    const cu::Driver *d = cu::loadDriver(why);
    if (!d)
      return fail(1, why, nullptr, 0);
    cu::CUdevice dev;
    cu::CUcontext ctx;
    if (cu::CUresult r = d->cuInit(0))
      return fail(1, "cuInit", d, r);
    if (cu::CUresult r = d->cuDeviceGet(&dev, 0))
      return fail(1, "cuDeviceGet", d, r);
    if (cu::CUresult r = d->cuDevicePrimaryCtxRetain(&ctx, dev))
      return fail(1, "cuDevicePrimaryCtxRetain", d, r);
    if (cu::CUresult r = d->cuCtxSetCurrent(ctx))
      return fail(1, "cuCtxSetCurrent", d, r);
    s.driver = d;
    s.ctx = ctx;
  }
  const cu::Driver *d = s.driver;

  auto t0 = std::chrono::steady_clock::now();
  cu::CUmodule mod;
  auto cached = s.modules.find(ptx);
  if (cached != s.modules.end()) {
    mod = cached->second;
    rep->moduleCached = 1;
    auto pos = std::find(s.order.begin(), s.order.end(), ptx);
    if (pos != s.order.end() && pos + 1 != s.order.end())
      std::rotate(pos, pos + 1, s.order.end());
  } else {
    static char log[8192];
    log[0] = 0;
    int opts[] = {cu::CU_JIT_ERROR_LOG_BUFFER, cu::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof log - 1))};
    if (cu::CUresult r = d->cuModuleLoadDataEx(&mod, ptx.c_str(), 2, opts, vals))
      return fail(1, std::string("loading the PTX (") + log + ")", d, r);
    if (s.order.size() >= kMaxCachedModules) {
      auto oldest = s.modules.find(s.order.front());
      if (oldest != s.modules.end()) {
        d->cuModuleUnload(oldest->second);
        s.modules.erase(oldest);
      }
      s.order.erase(s.order.begin());
    }
    s.modules[ptx] = mod;
    s.order.push_back(ptx);
  }
  cu::CUfunction fn;
  if (cu::CUresult r = d->cuModuleGetFunction(&fn, mod, entry.c_str()))
    return fail(1, "no kernel '" + entry + "' in the PTX", d, r);
  rep->loadMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

  // Everything allocated below is released on the way out: the serving
  // process lives on for the next launch.
  std::vector<cu::CUdeviceptr> dptr(params.size(), 0);
  // Shared memory opened for this launch (closed after it: the other process
  // may free the allocation once the launch is over).
  std::vector<std::pair<std::string, cu::CUdeviceptr>> opened;
  cu::CUdeviceptr traceBuf = 0;
  std::vector<cu::CUevent> events;
  llvm::scope_exit release([&] {
    for (cu::CUevent e : events)
      d->cuEventDestroy(e);
    for (size_t i = 0; i < params.size(); ++i)
      if (dptr[i] && !params[i].shared)
        d->cuMemFree(dptr[i]);
    for (auto &[handle, base] : opened)
      d->cuIpcCloseMemHandle(base);
    if (traceBuf)
      d->cuMemFree(traceBuf);
  });
  if (h.sharedBytes > 48 * 1024)
    if (cu::CUresult r = d->cuFuncSetAttribute(
            fn, cu::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(h.sharedBytes)))
      return fail(
          1, "cannot allow " + std::to_string(h.sharedBytes) + " bytes of dynamic shared memory", d,
          r);

  for (size_t i = 0; i < params.size(); ++i) {
    const LaunchParam &p = params[i];
    if (!p.isMemref)
      continue;
    if (p.shared) {
      if (!d->cuIpcOpenMemHandle)
        return fail(1, "this CUDA driver has no cuIpcOpenMemHandle: cannot use shared memory",
                    nullptr, 0);
      std::string key(reinterpret_cast<const char *>(p.ipcHandle), sizeof p.ipcHandle);
      cu::CUdeviceptr base = 0;
      for (auto &[handle, b] : opened)
        if (handle == key)
          base = b;
      if (!base) {
        cu::CUipcMemHandle h;
        memcpy(h.reserved, p.ipcHandle, sizeof h.reserved);
        if (cu::CUresult r =
                d->cuIpcOpenMemHandle(&base, h, cu::CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS))
          return fail(1, "cuIpcOpenMemHandle (argument " + std::to_string(i) + ")", d, r);
        opened.emplace_back(key, base);
      }
      dptr[i] = base + p.ipcOffset;
      continue;
    }
    if (cu::CUresult r = d->cuMemAlloc(&dptr[i], std::max<size_t>(p.bufferBytes, 1)))
      return fail(1, "cuMemAlloc of " + std::to_string(p.bufferBytes) + " bytes", d, r);
    if (p.bufferBytes)
      if (cu::CUresult r = d->cuMemcpyHtoD(dptr[i], region + p.bufferOffset, p.bufferBytes))
        return fail(1, "cuMemcpyHtoD", d, r);
  }
  // The trace buffer, when the module has the global (a cached module keeps
  // the previous launch's pointer: it is set again here).
  cu::CUdeviceptr traceGlobal = 0;
  size_t globalBytes = 0;
  if (h.traceBytes &&
      d->cuModuleGetGlobal(&traceGlobal, &globalBytes, mod, KFIX_TRACE_GLOBAL) == 0) {
    if (cu::CUresult r = d->cuMemAlloc(&traceBuf, h.traceBytes))
      return fail(1, "cuMemAlloc of the trace buffer", d, r);
    // Only the part before the access records travels: those are written
    // before they are read (the device bumps accessCount first), and the
    // region for them is the bulk of the buffer (2^22 records = 192 MiB).
    if (cu::CUresult r =
            d->cuMemcpyHtoD(traceBuf, region + h.traceOffset, traceHeadBytes(region, h)))
      return fail(1, "cuMemcpyHtoD", d, r);
    uint64_t addr = traceBuf;
    if (cu::CUresult r = d->cuMemcpyHtoD(traceGlobal, &addr, sizeof addr))
      return fail(1, "setting __kfix_trace", d, r);
    rep->hasTrace = 1;
  }

  // Parameter values: 8-byte slots, one per LLVM-level parameter; a memref of
  // rank r is 3 + 2r of them (allocated, aligned, offset, sizes, strides).
  std::vector<uint64_t> slots;
  for (size_t i = 0; i < params.size(); ++i) {
    const LaunchParam &p = params[i];
    if (!p.isMemref) {
      slots.push_back(p.scalarBits);
      continue;
    }
    slots.push_back(dptr[i]);
    slots.push_back(dptr[i]);
    slots.push_back(0);
    std::vector<int64_t> sizes(p.shape, p.shape + p.rank);
    if (sizes.size() == 1 && sizes[0] < 0)
      sizes[0] = p.bufferNumel;
    for (int64_t v : sizes)
      slots.push_back(static_cast<uint64_t>(v));
    int64_t stride = 1;
    std::vector<uint64_t> strides(sizes.size());
    for (size_t k = sizes.size(); k-- > 0;) {
      strides[k] = static_cast<uint64_t>(stride);
      stride *= sizes[k];
    }
    slots.insert(slots.end(), strides.begin(), strides.end());
  }
  std::vector<void *> ptrs;
  for (uint64_t &v : slots)
    ptrs.push_back(&v);

  cu::CUevent start, stop;
  if (cu::CUresult r = d->cuEventCreate(&start, 0))
    return fail(1, "cuEventCreate", d, r);
  events.push_back(start);
  if (cu::CUresult r = d->cuEventCreate(&stop, 0))
    return fail(1, "cuEventCreate", d, r);
  events.push_back(stop);
  auto launchOnce = [&] {
    return d->cuLaunchKernel(fn, unsigned(h.grid[0]), unsigned(h.grid[1]), unsigned(h.grid[2]),
                             unsigned(h.block[0]), unsigned(h.block[1]), unsigned(h.block[2]),
                             static_cast<unsigned>(h.sharedBytes), nullptr, ptrs.data(), nullptr);
  };
  d->cuEventRecord(start, nullptr);
  if (cu::CUresult r = launchOnce())
    return fail(2, "cuLaunchKernel", d, r);
  d->cuEventRecord(stop, nullptr);
  if (cu::CUresult r = d->cuCtxSynchronize())
    return fail(2, "the kernel failed", d, r);
  float ms = 0;
  if (d->cuEventElapsedTime(&ms, start, stop) == 0)
    rep->runMs = ms;

  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].isMemref && !params[i].shared && params[i].bufferBytes)
      if (cu::CUresult r =
              d->cuMemcpyDtoH(region + params[i].bufferOffset, dptr[i], params[i].bufferBytes))
        return fail(2, "cuMemcpyDtoH", d, r);
  if (rep->hasTrace) {
    // The head (header, counters, checks, probes), then only the access
    // records the kernel wrote.
    uint64_t head = traceHeadBytes(region, h);
    if (cu::CUresult r = d->cuMemcpyDtoH(region + h.traceOffset, traceBuf, head))
      return fail(2, "cuMemcpyDtoH of the trace buffer", d, r);
    KFixTraceHeader th;
    memcpy(&th, region + h.traceOffset, sizeof th);
    uint64_t used = head == h.traceBytes ? 0
                                         : std::min<uint64_t>(th.accessCount, th.accessCapacity) *
                                               uint64_t(KFIX_TRACE_ACCESS_SIZE);
    if (head + used > h.traceBytes)
      return fail(2, "the trace header was corrupted by the kernel", nullptr, 0);
    if (used)
      if (cu::CUresult r = d->cuMemcpyDtoH(region + h.traceOffset + head, traceBuf + head, used))
        return fail(2, "cuMemcpyDtoH of the trace records", d, r);
  }

  // Timing: the same launch again on the same device buffers (their results
  // are not copied back), each between two events on the default stream.
  // Not on shared memory: the repetitions would change the other process's
  // tensors after the launch whose result counts.
  bool poisoned = false;
  bool anyShared = std::any_of(params.begin(), params.end(),
                               [](const LaunchParam &p) { return p.isMemref && p.shared; });
  if (h.timingReps && !anyShared) {
    std::vector<double> times;
    for (uint64_t i = 0; i < h.timingReps; ++i) {
      float t = 0;
      if (d->cuEventRecord(start, nullptr) || launchOnce() || d->cuEventRecord(stop, nullptr) ||
          d->cuEventSynchronize(stop) || d->cuEventElapsedTime(&t, start, stop)) {
        times.clear();
        poisoned = true;
        break;
      }
      times.push_back(t);
    }
    if (!times.empty()) {
      rep->kernelMs = median(times);
      rep->kernelMsMin = *std::min_element(times.begin(), times.end());
    }
  }
  return poisoned ? 1 : 0;
}
