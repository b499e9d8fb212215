//===- CudaExecutor.cpp - run lifted kernels on an NVIDIA GPU -------------===//
//
// compile(): kfix-lower-to-nvvm on a clone of the lifted module, in this
// process (no CUDA needed). launch(): the launch is written into a shared
// memory region (CudaLaunch.h) that kfix's persistent CUDA worker process
// (ChildProcess.h) serves: it loads the PTX with the driver API (once per
// module), copies the buffers in, launches, and writes buffers and the trace
// buffer (TraceABI.h) back; this process decodes the trace into the
// TraceSink. A fault or a hang only costs the worker, which is replaced.
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
#include "CudaLaunch.h"

#include "kfix/Dialect/KFix/KFixOps.h"
#include "kfix/Pipelines/Pipelines.h"
#include "kfix/Runtime/KernelSource.h"
#include "kfix/Runtime/Deadline.h"
#include "kfix/Runtime/CudaDevices.h"
#include "kfix/Runtime/Executor.h"
#include "kfix/Runtime/ExecutorDump.h"
#include "kfix/Runtime/TraceABI.h"
#include "kfix/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"
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
static_assert(offsetof(KFixTraceAccess, epoch) == KFIX_TRACE_ACCESS_EPOCH, "TraceABI");
static_assert(offsetof(KFixTraceAccess, linear) == KFIX_TRACE_ACCESS_LINEAR, "TraceABI");

namespace {

constexpr uint32_t kProbeCapacity = 1u << 16;
/// Access records the device trace holds (48 bytes each; 2^22 = 192 MiB):
/// enough for every shared access of a few hundred 256-thread blocks, which
/// race detection needs complete per block. KFIX_TRACE_ACCESSES overrides it.
static uint32_t accessCapacity() {
  static const uint32_t n = [] {
    if (auto v = llvm::sys::Process::GetEnv("KFIX_TRACE_ACCESSES")) {
      unsigned long long x = 0;
      if (!llvm::getAsUnsignedInteger(*v, 10, x) && x > 0 && x <= (1ull << 26))
        return uint32_t(x);
    }
    return 1u << 22;
  }();
  return n;
}

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
  Type type;                  // scalar type, or memref element type
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
  if (a.kind == KernelArg::BufferArg || a.kind == KernelArg::SharedDeviceArg) {
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
  /// The PTX (the CUmodule loaded from it lives in the CUDA worker).
  uint64_t footprintBytes() const override {
    return sizeof(*this) + ptx.size() + entry.size() + params.size() * sizeof(Param);
  }

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
  LaunchSpec spec;
  spec.ptx = &ptx;
  spec.entry = &entry;
  spec.grid = cfg.grid;
  spec.block = cfg.block;
  spec.sharedBytes = cfg.sharedBytes;
  spec.timingReps = opts.timingReps;
  spec.params.assign(params.size(), LaunchParam{});
  for (size_t i = 0; i < params.size(); ++i) {
    const Param &p = params[i];
    LaunchParam &lp = spec.params[i];
    std::string where = "argument " + std::to_string(i) + " of '" + entry + "': ";
    if (!p.isMemref) {
      std::string err;
      if (!encodeScalar(p, args[i], lp.scalarBits, err))
        return error("error", where + err);
      continue;
    }
    const SharedDeviceMemory *dev =
        args[i].kind == KernelArg::SharedDeviceArg ? args[i].device : nullptr;
    if (!dev && (args[i].kind != KernelArg::BufferArg || !args[i].buffer))
      return error("error", where + "expected a buffer");
    size_t bytes = dev ? dev->bytes : args[i].buffer->data.size();
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
    lp.isMemref = 1;
    lp.rank = static_cast<int32_t>(p.shape.size());
    for (size_t k = 0; k < p.shape.size(); ++k)
      lp.shape[k] = ShapedType::isDynamic(p.shape[k]) ? -1 : p.shape[k];
    if (dynamic && p.shape.size() > 1) {
      // A tensor accessor: the sizes are the buffer's shape.
      const std::vector<int64_t> &bs = dev ? dev->shape : args[i].buffer->shape;
      int64_t n = 1;
      for (int64_t d : bs)
        n *= d;
      if (bs.size() != p.shape.size() || n != numel)
        return error("error", where + "a " + std::to_string(p.shape.size()) +
                                  "-D memref but the buffer has " + std::to_string(bs.size()) +
                                  " dimensions");
      for (size_t k = 0; k < bs.size(); ++k)
        lp.shape[k] = bs[k];
    }
    lp.bufferBytes = bytes;
    lp.bufferNumel = numel;
    if (dev) {
      lp.shared = 1;
      memcpy(lp.ipcHandle, dev->ipcHandle.data(), sizeof lp.ipcHandle);
      lp.ipcOffset = dev->offset;
    }
  }
  KFixTraceHeader header{};
  if (trace.numSites || trace.probes || trace.accesses) {
    KFixTraceHeader h{};
    h.magic = KFIX_TRACE_MAGIC;
    h.version = KFIX_TRACE_VERSION;
    h.numSites = static_cast<uint32_t>(trace.numSites);
    h.countersPerSite = static_cast<uint32_t>(trace.countersPerSite);
    h.probeCapacity = trace.probes ? kProbeCapacity : 0;
    h.accessCapacity = trace.accesses ? accessCapacity() : 0;
    h.countersOffset = KFIX_TRACE_HEADER_SIZE;
    h.checksOffset = align8(h.countersOffset + 8 * uint64_t(h.numSites) * h.countersPerSite);
    h.probesOffset = h.checksOffset + uint64_t(KFIX_TRACE_CHECK_SIZE) * h.numSites;
    h.accessesOffset = h.probesOffset + uint64_t(KFIX_TRACE_PROBE_SIZE) * h.probeCapacity;
    h.totalBytes = h.accessesOffset + uint64_t(KFIX_TRACE_ACCESS_SIZE) * h.accessCapacity;
    spec.traceBytes = h.totalBytes;
    header = h;
  }
  LaunchLayout layout = layoutLaunch(spec);

  SharedRegion shm(layout.total);
  if (!shm.valid())
    return error("error", "cannot map " + std::to_string(layout.total) + " bytes of shared memory");
  writeLaunchRegion(spec, layout, shm.data());
  for (size_t i = 0; i < params.size(); ++i)
    if (spec.params[i].isMemref && !spec.params[i].shared && spec.params[i].bufferBytes)
      memcpy(shm.data() + spec.params[i].bufferOffset, args[i].buffer->data.data(),
             spec.params[i].bufferBytes);
  if (spec.traceBytes)
    memcpy(shm.data() + layout.traceOffset, &header, sizeof header);

  bool started = false;
  // A hung kernel is killed at its own limit or when the run's time budget ends.
  double limit = clampToDeadline(opts.timeoutSeconds);
  ChildOutcome out = runInWorker(shm, serveLaunch, limit, &started);
  auto *rep = reinterpret_cast<const LaunchReport *>(shm.data());
  if (out.kind == ChildOutcome::TimedOut)
    return error("timeout",
                 "kernel '" + entry + "' did not finish within " +
                     llvm::formatv("{0:F1}", limit).str() + " s (killed)" +
                     (limit < opts.timeoutSeconds ? "; the run's time limit ended" : ""));
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
  res.roundTripMs = out.wallMs;
  res.workerStarted = started;
  for (size_t i = 0; i < params.size(); ++i)
    if (spec.params[i].isMemref && !spec.params[i].shared && spec.params[i].bufferBytes)
      memcpy(args[i].buffer->data.data(), shm.data() + spec.params[i].bufferOffset,
             spec.params[i].bufferBytes);
  if (rep->hasTrace)
    decodeTrace(shm.data() + layout.traceOffset, cfg, res, opts.sink);
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
         << who.tid[0] << "," << who.tid[1] << "," << who.tid[2] << ") of block (" << who.bid[0]
         << "," << who.bid[1] << "," << who.bid[2] << "); " << c.violations
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
    // Access records arrive in the order threads got their slots, not in
    // barrier order: replay them block by block, each block's records by
    // barrier interval (the thread's barrier count in the record), with the
    // barriers between the intervals, as the CPU executor reports them.
    std::vector<KFixTraceAccess> recs(accesses);
    for (uint64_t i = 0; i < accesses; ++i)
      memcpy(&recs[i], buf + h.accessesOffset + i * sizeof(KFixTraceAccess),
             sizeof(KFixTraceAccess));
    auto blockKey = [](const KFixTraceAccess &a) {
      return std::make_tuple(a.bid[2], a.bid[1], a.bid[0]);
    };
    std::stable_sort(
        recs.begin(), recs.end(), [&](const KFixTraceAccess &x, const KFixTraceAccess &y) {
          return std::make_tuple(blockKey(x), x.epoch) < std::make_tuple(blockKey(y), y.epoch);
        });
    for (size_t i = 0; i < recs.size(); ++i) {
      const KFixTraceAccess &a = recs[i];
      std::array<uint32_t, 3> bid = {a.bid[0], a.bid[1], a.bid[2]};
      bool newBlock = i == 0 || blockKey(recs[i - 1]) != blockKey(a);
      if (!newBlock && recs[i - 1].epoch != a.epoch)
        sink->onBarrier(bid, a.epoch - 1);
      else if (newBlock && a.epoch > 0)
        sink->onBarrier(bid, a.epoch - 1);
      sink->onAccess(a.site, static_cast<TraceAccessKind>(a.kind), a.arg, a.linear,
                     coord(a.tid, a.bid));
      if (i + 1 == recs.size() || blockKey(recs[i + 1]) != blockKey(a))
        sink->onBlockEnd(bid);
    }
    if (h.probeCount > probes || h.accessCount > accesses || h.dropped)
      sink->onTraceOverflow(h.probeCount - probes, h.accessCount - accesses, h.dropped);
  }
}

//===----------------------------------------------------------------------===//
// The executor
//===----------------------------------------------------------------------===//

gpu::GPUFuncOp findKernel(ModuleOp module, StringRef name) {
  // The one lookup of Runtime/KernelSource.h (names, symbols, exported instantiations).
  return dyn_cast_or_null<gpu::GPUFuncOp>(kfix::findKernel(module, name));
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
  unsigned computeCapability() const override { return unsigned(device.major * 10 + device.minor); }
  /// The lowering's options and the environment that changes a compile.
  std::string compileOptionsKey() const override {
    std::optional<std::string> libdevice = llvm::sys::Process::GetEnv("KFIX_LIBDEVICE");
    return "cuda chip=" + device.chip() + " features=" + features() +
           " libdevice=" + libdevice.value_or("") +
           (llvm::sys::Process::GetEnv("KFIX_CUDA_NO_BOUNDS") ? " no-bounds" : "");
  }

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
      ScopedDiagnosticHandler handler(original.getContext(), [&](Diagnostic &d) {
        if (d.getSeverity() == DiagnosticSeverity::Error)
          pos << d.str() << "\n";
        return success();
      });
      InstrumentBoundsOptions bounds;
      bounds.guard = true;
      bpm.addNestedPass<gpu::GPUModuleOp>(createInstrumentBounds(bounds));
      if (failed(bpm.run(*checked))) {
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
        // 1-D dynamic (pointers), static-shaped, or N-D with every size
        // dynamic (tensor accessors: the buffer's shape).
        bool allDynamic = llvm::all_of(mt.getShape(), ShapedType::isDynamic);
        if (!mt.getLayout().isIdentity() || mt.getRank() > kMaxLaunchRank || mt.getRank() < 1 ||
            (!allDynamic && !mt.hasStaticShape())) {
          error = "parameter " + std::to_string(i) +
                  ": only dynamic or static-shaped identity-layout memrefs are supported";
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

    unsigned dumpIndex = executorDumpDir() ? nextExecutorDumpIndex() : 0;
    dumpExecutorIR(dumpIndex, func.getName(), "cuda.in.mlir",
                   [&](llvm::raw_ostream &os) { printLikeKFixOpt(module, os); });
    auto start = std::chrono::steady_clock::now();
    OwningOpRef<ModuleOp> clone = module.clone();
    PassManager pm(module.getContext());
    LowerToNVVMOptions options;
    options.chip = device.chip();
    options.features = features();
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
    dumpExecutorIR(dumpIndex, func.getName(), "cuda.ptx",
                   [&](llvm::raw_ostream &os) { os << ptx; });
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return std::make_unique<CudaKernel>(std::move(ptx), func.getName().str(), std::move(params),
                                        std::move(trace), ms);
  }

private:
  std::string features() const { return device.major >= 10 ? "+ptx86" : "+ptx80"; }

  CudaDeviceInfo device;
};

} // namespace

std::unique_ptr<Executor> kfix::createCudaExecutor(std::string &why) {
  std::vector<CudaDeviceInfo> devices;
  if (!listCudaDevices(devices, why))
    return nullptr;
  return std::make_unique<CudaExecutor>(devices.front());
}
