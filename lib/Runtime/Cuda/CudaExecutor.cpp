//===- CudaExecutor.cpp - run lifted kernels on an NVIDIA GPU -------------===//
//
// compile(): kfix-lower-to-nvvm on a clone of the lifted module, in this
// process (no CUDA needed). launch(): a forked child loads the PTX with the
// driver API, copies the buffers in, launches, copies buffers and the trace
// buffer (TraceABI.h) back through shared memory; the parent decodes the trace
// into the TraceSink. A fault or a hang only costs the child.
//
// Kernel parameters after convert-gpu-to-nvvm: a memref of rank r is
// 3 + 2r values (allocated pointer, aligned pointer, offset, sizes, strides);
// scalars are passed by value; workgroup attributions and
// gpu.dynamic_shared_memory are shared-memory globals, not parameters
// (the dynamic size is the launch's sharedBytes).
//
//===----------------------------------------------------------------------===//
#include "ChildProcess.h"
#include "CudaDriver.h"

#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Runtime/CudaDevices.h"
#include "kfix/Runtime/Executor.h"
#include "kfix/Runtime/TraceABI.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <cstring>

using namespace mlir;
using namespace kfix;

static_assert(sizeof(KFixTraceHeader) == KFIX_TRACE_HEADER_SIZE, "TraceABI header");
static_assert(sizeof(KFixTraceCheck) == KFIX_TRACE_CHECK_SIZE, "TraceABI check");
static_assert(sizeof(KFixTraceProbe) == KFIX_TRACE_PROBE_SIZE, "TraceABI probe");
static_assert(sizeof(KFixTraceAccess) == KFIX_TRACE_ACCESS_SIZE, "TraceABI access");
static_assert(offsetof(KFixTraceHeader, dropped) == KFIX_TRACE_HDR_DROPPED, "TraceABI");
static_assert(offsetof(KFixTraceCheck, d0) == KFIX_TRACE_CHECK_D0, "TraceABI");
static_assert(offsetof(KFixTraceProbe, value) == KFIX_TRACE_PROBE_VALUE, "TraceABI");
static_assert(offsetof(KFixTraceAccess, bid) == KFIX_TRACE_ACCESS_BID, "TraceABI");

namespace {

constexpr uint32_t kProbeCapacity = 1u << 16;
constexpr uint32_t kAccessCapacity = 1u << 18;

size_t align8(size_t n) { return (n + 7) & ~size_t(7); }

//===----------------------------------------------------------------------===//
// Device queries
//===----------------------------------------------------------------------===//

struct DeviceTable {
  int32_t status; // 0 ok, 1 driver error, 2 no device
  int32_t count;
  char message[512];
  struct Entry {
    char name[256];
    int32_t major, minor;
    uint64_t totalBytes;
  } entries[16];
};

int queryDevicesChild(DeviceTable &t) {
  std::string why;
  const cu::Driver *d = cu::loadDriver(why);
  auto fail = [&](int status, const std::string &msg) {
    t.status = status;
    snprintf(t.message, sizeof t.message, "%s", msg.c_str());
    return 0;
  };
  if (!d)
    return fail(1, why);
  if (cu::CUresult r = d->cuInit(0))
    return fail(r == 100 ? 2 : 1, "cuInit failed: " + cu::describe(*d, r));
  int count = 0;
  if (cu::CUresult r = d->cuDeviceGetCount(&count))
    return fail(1, "cuDeviceGetCount failed: " + cu::describe(*d, r));
  if (count == 0)
    return fail(2, "the CUDA driver reports no device");
  t.count = std::min(count, 16);
  for (int i = 0; i < t.count; ++i) {
    cu::CUdevice dev;
    if (cu::CUresult r = d->cuDeviceGet(&dev, i))
      return fail(1, "cuDeviceGet failed: " + cu::describe(*d, r));
    DeviceTable::Entry &e = t.entries[i];
    d->cuDeviceGetName(e.name, sizeof e.name - 1, dev);
    d->cuDeviceGetAttribute(&e.major, cu::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
    d->cuDeviceGetAttribute(&e.minor, cu::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
    size_t bytes = 0;
    d->cuDeviceTotalMem(&bytes, dev);
    e.totalBytes = bytes;
  }
  return 0;
}

} // namespace

bool kfix::listCudaDevices(std::vector<CudaDeviceInfo> &devices, std::string &why) {
  devices.clear();
  // Fail fast, without forking, when there is no driver at all.
  if (!cu::loadDriver(why))
    return false;
  SharedRegion shm(sizeof(DeviceTable));
  if (!shm.valid()) {
    why = "cannot map shared memory for the device query";
    return false;
  }
  auto *table = reinterpret_cast<DeviceTable *>(shm.data());
  ChildOutcome out = runInChild([&] { return queryDevicesChild(*table); }, 60);
  if (out.kind != ChildOutcome::Exited || out.code != 0) {
    why = "the CUDA device query " + out.describe();
    return false;
  }
  if (table->status != 0) {
    why = table->message;
    return false;
  }
  for (int i = 0; i < table->count; ++i) {
    const DeviceTable::Entry &e = table->entries[i];
    CudaDeviceInfo info;
    info.ordinal = i;
    info.name = std::string(e.name, strnlen(e.name, sizeof e.name));
    info.major = e.major;
    info.minor = e.minor;
    info.totalBytes = e.totalBytes;
    devices.push_back(info);
  }
  return true;
}

namespace {

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

struct Param {
  bool isMemref = false;
  Type type;             // scalar type, or memref element type
  SmallVector<int64_t> shape; // memref shape (dynamic dims as ShapedType::kDynamic)
  unsigned elemBytes = 0;
};

unsigned byteSize(Type t) {
  if (t.isIndex())
    return 8;
  if (t.isIntOrFloat())
    return std::max(1u, t.getIntOrFloatBitWidth() / 8);
  if (auto vt = dyn_cast<VectorType>(t))
    return vt.getNumElements() * byteSize(vt.getElementType());
  return 0;
}

/// The bytes of scalar parameter `p` for kernel argument `a`.
bool encodeScalar(const Param &p, const KernelArg &a, uint64_t &bits, std::string &err) {
  Type t = p.type;
  bits = 0;
  if (a.kind == KernelArg::BufferArg) {
    err = "a buffer was given for a scalar parameter";
    return false;
  }
  if (t.isIndex() || isa<IntegerType>(t)) {
    int64_t v = a.kind == KernelArg::IntArg ? a.i : static_cast<int64_t>(a.f);
    unsigned bytes = byteSize(t);
    memcpy(&bits, &v, bytes); // little-endian truncation
    if (t.isInteger(1))
      bits = v != 0;
    return true;
  }
  if (auto ft = dyn_cast<FloatType>(t)) {
    double v = a.kind == KernelArg::FloatArg ? a.f : static_cast<double>(a.i);
    llvm::APFloat f(v);
    bool lost = false;
    f.convert(ft.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
    bits = f.bitcastToAPInt().getZExtValue();
    return true;
  }
  err = "unsupported scalar parameter type";
  return false;
}

//===----------------------------------------------------------------------===//
// What the child needs and reports
//===----------------------------------------------------------------------===//

struct ChildReport {
  int32_t failed;     // 0 ok, 1 CUDA setup error, 2 launch / kernel error
  int32_t hasTrace;
  double runMs;
  double loadMs;
  double kernelMs;    // timing repetitions: median, minimum (-1: not measured)
  double kernelMsMin;
  char errName[96];
  char message[2048];
};

struct LaunchPlan {
  const std::string *ptx;
  const std::string *entry;
  LaunchConfig cfg;
  std::vector<Param> params;
  std::vector<uint64_t> scalarBits;   // per param (scalars)
  std::vector<size_t> bufferOffset;   // per param (memrefs): offset in the region
  std::vector<size_t> bufferBytes;
  std::vector<int64_t> bufferNumel;
  size_t traceOffset = 0, traceBytes = 0;
  unsigned timingReps = 0;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int launchChild(const LaunchPlan &plan, char *region) {
  auto *rep = reinterpret_cast<ChildReport *>(region);
  rep->kernelMs = rep->kernelMsMin = -1;
  std::string why;
  auto fail = [&](int code, const std::string &what, const cu::Driver *d, cu::CUresult r) {
    rep->failed = code;
    if (d) {
      snprintf(rep->errName, sizeof rep->errName, "%s", cu::errorName(*d, r).c_str());
      snprintf(rep->message, sizeof rep->message, "%s: %s", what.c_str(),
               cu::describe(*d, r).c_str());
    } else {
      snprintf(rep->message, sizeof rep->message, "%s", what.c_str());
    }
    return 0;
  };
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

  auto t0 = std::chrono::steady_clock::now();
  static char log[8192];
  int opts[] = {cu::CU_JIT_ERROR_LOG_BUFFER, cu::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {log, reinterpret_cast<void *>(uintptr_t(sizeof log - 1))};
  cu::CUmodule mod;
  if (cu::CUresult r = d->cuModuleLoadDataEx(&mod, plan.ptx->c_str(), 2, opts, vals))
    return fail(1, std::string("loading the PTX (") + log + ")", d, r);
  cu::CUfunction fn;
  if (cu::CUresult r = d->cuModuleGetFunction(&fn, mod, plan.entry->c_str()))
    return fail(1, "no kernel '" + *plan.entry + "' in the PTX", d, r);
  rep->loadMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  // Everything allocated below is released on the way out: a forked child
  // would not need it, but with KFIX_CUDA_NO_FORK every launch runs in the
  // one process.
  std::vector<cu::CUdeviceptr> dptr(plan.params.size(), 0);
  cu::CUdeviceptr traceBuf = 0;
  std::vector<cu::CUevent> events;
  auto release = llvm::make_scope_exit([&] {
    for (cu::CUevent e : events)
      d->cuEventDestroy(e);
    for (cu::CUdeviceptr p : dptr)
      if (p)
        d->cuMemFree(p);
    if (traceBuf)
      d->cuMemFree(traceBuf);
    d->cuModuleUnload(mod);
  });
  if (plan.cfg.sharedBytes > 48 * 1024)
    if (cu::CUresult r = d->cuFuncSetAttribute(
            fn, cu::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, plan.cfg.sharedBytes))
      return fail(1, "cannot allow " + std::to_string(plan.cfg.sharedBytes) +
                         " bytes of dynamic shared memory", d, r);

  // Buffers.
  for (size_t i = 0; i < plan.params.size(); ++i) {
    if (!plan.params[i].isMemref)
      continue;
    if (cu::CUresult r = d->cuMemAlloc(&dptr[i], std::max<size_t>(plan.bufferBytes[i], 1)))
      return fail(1, "cuMemAlloc of " + std::to_string(plan.bufferBytes[i]) + " bytes", d, r);
    if (plan.bufferBytes[i])
      if (cu::CUresult r = d->cuMemcpyHtoD(dptr[i], region + plan.bufferOffset[i],
                                           plan.bufferBytes[i]))
        return fail(1, "cuMemcpyHtoD", d, r);
  }
  // Trace buffer, when the module has the global.
  cu::CUdeviceptr traceGlobal = 0;
  size_t globalBytes = 0;
  if (plan.traceBytes &&
      d->cuModuleGetGlobal(&traceGlobal, &globalBytes, mod, KFIX_TRACE_GLOBAL) == 0) {
    if (cu::CUresult r = d->cuMemAlloc(&traceBuf, plan.traceBytes))
      return fail(1, "cuMemAlloc of the trace buffer", d, r);
    if (cu::CUresult r =
            d->cuMemcpyHtoD(traceBuf, region + plan.traceOffset, plan.traceBytes))
      return fail(1, "cuMemcpyHtoD", d, r);
    uint64_t addr = traceBuf;
    if (cu::CUresult r = d->cuMemcpyHtoD(traceGlobal, &addr, sizeof addr))
      return fail(1, "setting __kfix_trace", d, r);
    rep->hasTrace = 1;
  }

  // Parameter values: 8-byte slots, one per LLVM-level parameter.
  std::vector<uint64_t> slots;
  for (size_t i = 0; i < plan.params.size(); ++i) {
    const Param &p = plan.params[i];
    if (!p.isMemref) {
      slots.push_back(plan.scalarBits[i]);
      continue;
    }
    slots.push_back(dptr[i]); // allocated
    slots.push_back(dptr[i]); // aligned
    slots.push_back(0);       // offset
    SmallVector<int64_t> sizes(p.shape);
    if (sizes.size() == 1 && ShapedType::isDynamic(sizes[0]))
      sizes[0] = plan.bufferNumel[i];
    for (int64_t s : sizes)
      slots.push_back(static_cast<uint64_t>(s));
    int64_t stride = 1;
    SmallVector<uint64_t> strides(sizes.size());
    for (size_t k = sizes.size(); k-- > 0;) {
      strides[k] = static_cast<uint64_t>(stride);
      stride *= sizes[k];
    }
    slots.insert(slots.end(), strides.begin(), strides.end());
  }
  std::vector<void *> ptrs;
  for (uint64_t &s : slots)
    ptrs.push_back(&s);

  cu::CUevent start, stop;
  if (cu::CUresult r = d->cuEventCreate(&start, 0))
    return fail(1, "cuEventCreate", d, r);
  events.push_back(start);
  if (cu::CUresult r = d->cuEventCreate(&stop, 0))
    return fail(1, "cuEventCreate", d, r);
  events.push_back(stop);
  const LaunchConfig &c = plan.cfg;
  auto launchOnce = [&] {
    return d->cuLaunchKernel(fn, c.grid[0], c.grid[1], c.grid[2], c.block[0], c.block[1],
                             c.block[2], static_cast<unsigned>(c.sharedBytes), nullptr,
                             ptrs.data(), nullptr);
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

  for (size_t i = 0; i < plan.params.size(); ++i)
    if (plan.params[i].isMemref && plan.bufferBytes[i])
      if (cu::CUresult r = d->cuMemcpyDtoH(region + plan.bufferOffset[i], dptr[i],
                                           plan.bufferBytes[i]))
        return fail(2, "cuMemcpyDtoH", d, r);
  if (rep->hasTrace)
    if (cu::CUresult r = d->cuMemcpyDtoH(region + plan.traceOffset, traceBuf, plan.traceBytes))
      return fail(2, "cuMemcpyDtoH of the trace buffer", d, r);

  // Timing: the same launch again on the same device buffers (their results
  // are not copied back), each between two events on the default stream.
  if (plan.timingReps) {
    std::vector<double> times;
    for (unsigned i = 0; i < plan.timingReps; ++i) {
      float t = 0;
      if (d->cuEventRecord(start, nullptr) || launchOnce() || d->cuEventRecord(stop, nullptr) ||
          d->cuEventSynchronize(stop) || d->cuEventElapsedTime(&t, start, stop)) {
        times.clear();
        break;
      }
      times.push_back(t);
    }
    if (!times.empty()) {
      rep->kernelMs = median(times);
      rep->kernelMsMin = *std::min_element(times.begin(), times.end());
    }
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// The compiled kernel
//===----------------------------------------------------------------------===//

struct TraceInfo {
  int64_t numSites = 0, countersPerSite = 0;
  bool probes = false, accesses = false;
  llvm::DenseMap<int64_t, std::string> checkWhere; // site -> "file:line:col"
};

class CudaKernel : public CompiledKernel {
public:
  CudaKernel(std::string ptx, std::string entry, std::vector<Param> params, TraceInfo trace,
             double lowerMs)
      : ptx(std::move(ptx)), entry(std::move(entry)), params(std::move(params)),
        trace(std::move(trace)), lowerMs(lowerMs) {}

  double compileMs() const override { return lowerMs + loadMs; }

  ExecResult launch(const LaunchConfig &cfg, llvm::MutableArrayRef<KernelArg> args,
                    const ExecOptions &opts) override;

private:
  void decodeTrace(const char *buf, const LaunchConfig &cfg, ExecResult &res,
                   TraceSink *sink) const;

  std::string ptx, entry;
  std::vector<Param> params;
  TraceInfo trace;
  double lowerMs;
  double loadMs = 0;
};

ExecResult CudaKernel::launch(const LaunchConfig &cfg, llvm::MutableArrayRef<KernelArg> args,
                              const ExecOptions &opts) {
  ExecResult res;
  auto error = [&](std::string kind, std::string msg) {
    res.ok = false;
    res.faults.push_back(ExecFault{std::move(kind), std::move(msg)});
    return res;
  };
  if (args.size() != params.size())
    return error("error", "kernel '" + entry + "' takes " + std::to_string(params.size()) +
                              " arguments, " + std::to_string(args.size()) + " given");
  LaunchPlan plan;
  plan.ptx = &ptx;
  plan.entry = &entry;
  plan.cfg = cfg;
  plan.params = params;
  plan.scalarBits.assign(params.size(), 0);
  plan.bufferOffset.assign(params.size(), 0);
  plan.bufferBytes.assign(params.size(), 0);
  plan.bufferNumel.assign(params.size(), 0);
  plan.timingReps = opts.timingReps;
  size_t size = align8(sizeof(ChildReport));
  for (size_t i = 0; i < params.size(); ++i) {
    const Param &p = params[i];
    std::string where = "argument " + std::to_string(i) + " of '" + entry + "': ";
    if (!p.isMemref) {
      std::string err;
      if (!encodeScalar(p, args[i], plan.scalarBits[i], err))
        return error("error", where + err);
      continue;
    }
    if (args[i].kind != KernelArg::BufferArg || !args[i].buffer)
      return error("error", where + "expected a buffer");
    size_t bytes = args[i].buffer->data.size();
    if (bytes % p.elemBytes)
      return error("error", where + "buffer of " + std::to_string(bytes) +
                                "bytes is not a whole number of elements");
    int64_t numel = bytes / p.elemBytes;
    int64_t want = 1;
    bool dynamic = false;
    for (int64_t s : p.shape) {
      dynamic |= ShapedType::isDynamic(s);
      want *= ShapedType::isDynamic(s) ? 1 : s;
    }
    if (!dynamic && want != numel)
      return error("error", where + "the memref holds " + std::to_string(want) +
                                " elements, the buffer " + std::to_string(numel));
    plan.bufferOffset[i] = size;
    plan.bufferBytes[i] = bytes;
    plan.bufferNumel[i] = numel;
    size += align8(bytes);
  }
  KFixTraceHeader header{};
  if (trace.numSites || trace.probes || trace.accesses) {
    KFixTraceHeader h{};
    h.magic = KFIX_TRACE_MAGIC;
    h.version = KFIX_TRACE_VERSION;
    h.numSites = static_cast<uint32_t>(trace.numSites);
    h.countersPerSite = static_cast<uint32_t>(trace.countersPerSite);
    h.probeCapacity = trace.probes ? kProbeCapacity : 0;
    h.accessCapacity = trace.accesses ? kAccessCapacity : 0;
    h.countersOffset = KFIX_TRACE_HEADER_SIZE;
    h.checksOffset = align8(h.countersOffset + 8 * uint64_t(h.numSites) * h.countersPerSite);
    h.probesOffset = h.checksOffset + uint64_t(KFIX_TRACE_CHECK_SIZE) * h.numSites;
    h.accessesOffset = h.probesOffset + uint64_t(KFIX_TRACE_PROBE_SIZE) * h.probeCapacity;
    h.totalBytes = h.accessesOffset + uint64_t(KFIX_TRACE_ACCESS_SIZE) * h.accessCapacity;
    plan.traceOffset = size;
    plan.traceBytes = h.totalBytes;
    size += align8(h.totalBytes);
    header = h;
  }

  SharedRegion shm(size);
  if (!shm.valid())
    return error("error", "cannot map " + std::to_string(size) + " bytes of shared memory");
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].isMemref && plan.bufferBytes[i])
      memcpy(shm.data() + plan.bufferOffset[i], args[i].buffer->data.data(), plan.bufferBytes[i]);
  if (plan.traceBytes)
    memcpy(shm.data() + plan.traceOffset, &header, sizeof header);

  ChildOutcome out = runInChild([&] { return launchChild(plan, shm.data()); },
                                opts.timeoutSeconds);
  auto *rep = reinterpret_cast<const ChildReport *>(shm.data());
  if (out.kind == ChildOutcome::TimedOut)
    return error("timeout", "kernel '" + entry + "' did not finish within " +
                                std::to_string(opts.timeoutSeconds) + " s (killed)");
  if (out.kind != ChildOutcome::Exited || out.code != 0)
    return error("device-fault", "the CUDA launch process " + out.describe());
  if (rep->failed == 2)
    return error("device-fault", std::string(rep->errName) + ": " + rep->message);
  if (rep->failed)
    return error("error", rep->message);
  loadMs = rep->loadMs;
  res.loadMs = rep->loadMs;
  res.runMs = rep->runMs;
  res.kernelMs = rep->kernelMs;
  res.kernelMsMin = rep->kernelMsMin;
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].isMemref && plan.bufferBytes[i])
      memcpy(args[i].buffer->data.data(), shm.data() + plan.bufferOffset[i], plan.bufferBytes[i]);
  if (rep->hasTrace)
    decodeTrace(shm.data() + plan.traceOffset, cfg, res, opts.sink);
  return res;
}

void CudaKernel::decodeTrace(const char *buf, const LaunchConfig &cfg, ExecResult &res,
                             TraceSink *sink) const {
  KFixTraceHeader h;
  memcpy(&h, buf, sizeof h);
  auto u32 = [](int64_t v) { return static_cast<uint32_t>(v); };
  if (sink)
    sink->onLaunch({u32(cfg.grid[0]), u32(cfg.grid[1]), u32(cfg.grid[2])},
                   {u32(cfg.block[0]), u32(cfg.block[1]), u32(cfg.block[2])});
  auto coord = [](const uint32_t *tid, const uint32_t *bid) {
    ThreadCoord c;
    for (int d = 0; d < 3; ++d) {
      c.tid[d] = tid[d];
      c.bid[d] = bid[d];
    }
    return c;
  };
  for (uint32_t s = 0; s < h.numSites; ++s) {
    for (uint32_t k = 0; k < h.countersPerSite; ++k) {
      uint64_t n;
      memcpy(&n, buf + h.countersOffset + 8 * (uint64_t(s) * h.countersPerSite + k), 8);
      if (n && sink)
        sink->onCountTotal(s, k, n);
    }
    KFixTraceCheck c;
    memcpy(&c, buf + h.checksOffset + uint64_t(s) * sizeof c, sizeof c);
    if (!c.violations)
      continue;
    auto kind = static_cast<TraceCheckKind>(c.kind);
    ThreadCoord who = coord(c.tid, c.bid);
    if (sink) {
      sink->onCheck(s, kind, who, c.d0, c.d1);
      sink->onCheckTotal(s, kind, c.violations);
    }
    if (kind == TraceCheckKind::bounds) {
      std::string msg;
      llvm::raw_string_ostream os(msg);
      auto it = trace.checkWhere.find(s);
      if (it != trace.checkWhere.end())
        os << it->second << ": ";
      os << "out-of-bounds access (index " << c.d0 << ", extent " << c.d1 << ") by thread ("
         << who.tid[0] << "," << who.tid[1] << "," << who.tid[2] << ") of block ("
         << who.bid[0] << "," << who.bid[1] << "," << who.bid[2] << "); " << c.violations
         << " violation(s) at this site";
      res.ok = false;
      res.faults.push_back(ExecFault{"out-of-bounds", msg});
    }
  }
  uint64_t probes = std::min<uint64_t>(h.probeCount, h.probeCapacity);
  uint64_t accesses = std::min<uint64_t>(h.accessCount, h.accessCapacity);
  if (sink) {
    for (uint64_t i = 0; i < probes; ++i) {
      KFixTraceProbe p;
      memcpy(&p, buf + h.probesOffset + i * sizeof p, sizeof p);
      sink->onProbe(p.site, coord(p.tid, p.bid), p.value);
    }
    for (uint64_t i = 0; i < accesses; ++i) {
      KFixTraceAccess a;
      memcpy(&a, buf + h.accessesOffset + i * sizeof a, sizeof a);
      sink->onAccess(a.site, static_cast<TraceAccessKind>(a.kind), a.arg, a.linear,
                     coord(a.tid, a.bid));
    }
    if (h.probeCount > probes || h.accessCount > accesses || h.dropped)
      sink->onTraceOverflow(h.probeCount - probes, h.accessCount - accesses, h.dropped);
  }
}

//===----------------------------------------------------------------------===//
// The executor
//===----------------------------------------------------------------------===//

gpu::GPUFuncOp findKernel(ModuleOp module, StringRef name) {
  gpu::GPUFuncOp found;
  module.walk([&](gpu::GPUFuncOp f) {
    if (!f.isKernel() || found)
      return;
    auto kname = f->getAttrOfType<StringAttr>("kfix.name");
    if (f.getName() == name || (kname && kname.getValue() == name))
      found = f;
  });
  return found;
}

std::string locString(Location loc) {
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return (fl.getFilename().getValue() + ":" + llvm::Twine(fl.getLine()) + ":" +
            llvm::Twine(fl.getColumn()))
        .str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location l : fused.getLocations())
      if (std::string s = locString(l); !s.empty())
        return s;
  if (auto named = dyn_cast<NameLoc>(loc))
    return locString(named.getChildLoc());
  return "";
}

class CudaExecutor : public Executor {
public:
  explicit CudaExecutor(CudaDeviceInfo device) : device(std::move(device)) {}
  llvm::StringRef name() const override { return "cuda"; }

  std::unique_ptr<CompiledKernel> compile(ModuleOp original, llvm::StringRef kernel,
                                          std::string &error) override {
    // Every access is bounds-checked on the GPU too (an out-of-bounds write
    // past an allocation is silent there, and a kernel must not pass because
    // of it): the checks go to the trace buffer and become out-of-bounds
    // faults; the offending access is skipped, as on the CPU executor.
    OwningOpRef<ModuleOp> checked = original.clone();
    if (!llvm::sys::Process::GetEnv("KFIX_CUDA_NO_BOUNDS")) {
      PassManager bpm(original.getContext());
      std::string perr;
      llvm::raw_string_ostream pos(perr);
      if (failed(parsePassPipeline("gpu.module(kfix-instrument-bounds{guard=true})", bpm, pos)) ||
          failed(bpm.run(*checked))) {
        error = "bounds instrumentation failed: " + perr;
        return nullptr;
      }
    }
    ModuleOp module = *checked;
    gpu::GPUFuncOp func = findKernel(module, kernel);
    if (!func) {
      error = ("no gpu.func kernel named '" + kernel + "' in the module").str();
      return nullptr;
    }
    std::vector<Param> params;
    for (auto [i, t] : llvm::enumerate(func.getArgumentTypes())) {
      Param p;
      if (auto mt = dyn_cast<MemRefType>(t)) {
        if (!mt.getLayout().isIdentity() ||
            (mt.getRank() != 1 && !mt.hasStaticShape())) {
          error = "parameter " + std::to_string(i) +
                  ": only 1-D dynamic or static-shaped identity-layout memrefs are supported";
          return nullptr;
        }
        p.isMemref = true;
        p.type = mt.getElementType();
        p.shape.assign(mt.getShape().begin(), mt.getShape().end());
        p.elemBytes = byteSize(p.type);
      } else if (t.isIntOrIndexOrFloat()) {
        p.type = t;
      } else {
        std::string s;
        llvm::raw_string_ostream os(s);
        os << "parameter " << i << " has unsupported type " << t;
        error = s;
        return nullptr;
      }
      params.push_back(p);
    }

    TraceInfo trace;
    auto gpuModule = func->getParentOfType<gpu::GPUModuleOp>();
    gpuModule.walk([&](Operation *op) {
      if (auto c = dyn_cast<CountOp>(op)) {
        trace.numSites = std::max<int64_t>(trace.numSites, c.getSite() + 1);
        trace.countersPerSite = std::max<int64_t>(trace.countersPerSite, c.getCounter() + 1);
      } else if (auto c = dyn_cast<CheckOp>(op)) {
        trace.numSites = std::max<int64_t>(trace.numSites, c.getSite() + 1);
        trace.checkWhere[c.getSite()] = locString(c.getLoc());
      } else if (isa<ProbeOp>(op)) {
        trace.probes = true;
      } else if (isa<AccessOp>(op)) {
        trace.accesses = true;
      }
    });
    if (trace.numSites > (1 << 20) || trace.countersPerSite > 64) {
      error = "kfix site or counter numbers are too large for the trace buffer";
      return nullptr;
    }

    auto start = std::chrono::steady_clock::now();
    OwningOpRef<ModuleOp> clone = module.clone();
    PassManager pm(module.getContext());
    LowerToNVVMOptions options;
    options.chip = device.chip();
    options.features = device.major >= 10 ? "+ptx86" : "+ptx80";
    // KFIX_LIBDEVICE: a libdevice.10.bc path, or "none" for the approximations.
    if (std::optional<std::string> libdevice = llvm::sys::Process::GetEnv("KFIX_LIBDEVICE"))
      options.libdevice = *libdevice;
    buildLowerToNVVMPipeline(pm, options);
    std::string diags;
    {
      ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &d) {
        if (d.getSeverity() == DiagnosticSeverity::Error) {
          llvm::raw_string_ostream os(diags);
          std::string where = locString(d.getLocation());
          os << (where.empty() ? "" : where + ": ") << d.str() << "\n";
        }
        return success();
      });
      if (failed(pm.run(*clone))) {
        error = "lowering to PTX failed:\n" + diags;
        return nullptr;
      }
    }
    std::string ptx;
    clone->walk([&](gpu::BinaryOp bin) {
      if (bin.getName() != gpuModule.getName())
        return;
      for (Attribute a : bin.getObjects())
        if (auto obj = dyn_cast<gpu::ObjectAttr>(a))
          if (obj.getFormat() == gpu::CompilationTarget::Assembly)
            ptx = obj.getObject().getValue().str();
    });
    if (ptx.empty()) {
      error = "the lowering produced no PTX";
      return nullptr;
    }
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count();
    return std::make_unique<CudaKernel>(std::move(ptx), func.getName().str(), std::move(params),
                                        std::move(trace), ms);
  }

private:
  CudaDeviceInfo device;
};

} // namespace

std::unique_ptr<Executor> kfix::createCudaExecutor(std::string &why) {
  std::vector<CudaDeviceInfo> devices;
  if (!listCudaDevices(devices, why))
    return nullptr;
  return std::make_unique<CudaExecutor>(devices.front());
}
