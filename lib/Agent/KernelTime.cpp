//===- KernelTime.cpp - kernel time of a candidate, and a repair's speed --===//
#include "kfix/Agent/KernelTime.h"

#include "kfix/Runtime/Inputs.h"
#include "kfix/Runtime/Validate.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>
#include <memory>

using namespace kfix;

namespace {

/// Total bytes of the task's buffers under a binding (0 when it does not resolve).
uint64_t bufferBytes(const TaskManifest &task, const Bindings &b) {
  auto resolved = resolveParams(task, b);
  if (!resolved) {
    llvm::consumeError(resolved.takeError());
    return 0;
  }
  uint64_t total = 0;
  for (size_t i = 0; i < task.params.size(); ++i) {
    if (!task.params[i].isBuffer())
      continue;
    uint64_t n = 1;
    for (int64_t d : (*resolved)[i].shape)
      n *= static_cast<uint64_t>(std::max<int64_t>(d, 0));
    total += n * dtypeSize(task.params[i].dtype);
  }
  return total;
}

double median(std::vector<double> v) {
  if (v.empty())
    return -1;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace

unsigned kfix::largestSize(const TaskManifest &task) {
  uint64_t best = 0;
  unsigned index = 0;
  for (size_t i = 0; i < task.sizes.size(); ++i)
    if (uint64_t b = bufferBytes(task, task.sizes[i]); b > best) {
      best = b;
      index = static_cast<unsigned>(i);
    }
  return index;
}

KernelTiming kfix::timeKernels(Session &s, mlir::ModuleOp module, const Bindings &b,
                               unsigned sizeIndex, unsigned reps, double timeoutSeconds) {
  KernelTiming out;
  const TaskManifest &task = s.task;
  std::map<std::string, std::unique_ptr<CompiledKernel>> kernels;
  for (const std::string &k : task.candidateKernels()) {
    std::string err;
    auto ck = s.executor->compile(module, k, err);
    if (!ck) {
      out.error = s.executor->name().str() + ": " + err;
      return out;
    }
    kernels[k] = std::move(ck);
  }
  auto resolved = resolveParams(task, b);
  if (!resolved) {
    out.error = llvm::toString(resolved.takeError());
    return out;
  }
  auto made = makeCaseBuffers(task, *resolved, sizeIndex, 0);
  if (!made) {
    out.error = llvm::toString(made.takeError());
    return out;
  }
  std::vector<Buffer> bufs = std::move(*made);
  double total = 0, totalMin = 0;
  for (const KernelLaunch &l : task.launches) {
    auto cfg = l.launch.eval(b);
    if (!cfg) {
      out.error = llvm::toString(cfg.takeError());
      return out;
    }
    std::vector<KernelArg> kargs = launchArgs(task, l, *resolved, bufs);
    ExecOptions opts;
    opts.timingReps = reps;
    opts.timeoutSeconds = timeoutSeconds;
    CompiledKernel &ck = *kernels[l.kernel];
    ExecResult r = ck.launch(*cfg, kargs, opts);
    LaunchTiming t;
    t.kernel = l.kernel;
    t.lowerMs = ck.compileMs();
    t.loadMs = r.loadMs;
    t.runMs = r.runMs;
    t.kernelMs = r.kernelMs;
    t.kernelMsMin = r.kernelMsMin;
    t.faults = r.faults;
    if (reps > 0 && r.kernelMs < 0)
      out.allTimed = false;
    if (reps == 0 && !r.ok)
      for (const ExecFault &f : r.faults)
        out.allTimed &= f.kind == "out-of-bounds";
    total += std::max(t.kernelMs, 0.0);
    totalMin += std::max(t.kernelMsMin, 0.0);
    out.launches.push_back(std::move(t));
  }
  if (out.allTimed && reps > 0) {
    out.kernelMs = total;
    out.kernelMsMin = totalMin;
  }
  return out;
}

llvm::json::Value SpeedCheck::toJSON() const {
  llvm::json::Object o{{"original_ms", originalMs},
                       {"repaired_ms", repairedMs},
                       {"ratio", ratio},
                       {"rounds", rounds},
                       {"reps", reps},
                       {"size", size},
                       {"target", target}};
  if (!error.empty())
    o["error"] = error;
  return o;
}

std::string SpeedCheck::summary() const {
  if (ratio < 0)
    return error.empty() ? "" : "speed: not measured (" + error + ")";
  std::string line =
      llvm::formatv("speed: repaired / original {0:f2} ({1:f4} ms vs {2:f4} ms, {3}, {4})", ratio,
                    repairedMs, originalMs, target, size)
          .str();
  if (ratio > 1.5)
    line += "; more than 1.5x the time of the kernel as given (which may have skipped work "
            "it should do)";
  return line;
}

SpeedCheck kfix::checkSpeed(Session &s, mlir::ModuleOp original, mlir::ModuleOp repaired,
                            unsigned rounds, unsigned reps) {
  SpeedCheck sc;
  sc.rounds = rounds;
  sc.reps = reps;
  sc.target = s.executor->name().str();
  if (s.task.sizes.empty()) {
    sc.error = "the task has no sizes";
    return sc;
  }
  unsigned size = largestSize(s.task);
  const Bindings &b = s.task.sizes[size];
  sc.size = bindingsToString(b, s.task.sizeNames);
  // A launch may take as long as the session lets a candidate's launch take.
  double timeout = s.candidateTimeoutSeconds > 0 ? s.candidateTimeoutSeconds : 20;
  std::vector<double> orig, rep;
  for (unsigned i = 0; i < rounds; ++i)
    for (bool second : {false, true}) {
      KernelTiming t = timeKernels(s, second ? repaired : original, b, size, reps, timeout);
      if (!t.error.empty() || t.kernelMs < 0) {
        sc.error = (second ? "the repaired kernel: " : "the kernel as given: ") +
                   (t.error.empty() ? std::string("a launch could not be timed") : t.error);
        return sc;
      }
      (second ? rep : orig).push_back(t.kernelMs);
    }
  sc.originalMs = median(orig);
  sc.repairedMs = median(rep);
  if (sc.originalMs > 0)
    sc.ratio = sc.repairedMs / sc.originalMs;
  return sc;
}
