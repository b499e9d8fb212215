//===- CmdTime.cpp - `kfix time`: per-launch kernel time of a candidate ---===//
//
// Runs a task's candidate (optionally instrumented first) on one size with
// one seed: one checked launch per kernel launch of the task, then --reps
// more launches on the same buffers, and prints the median time of one launch
// (CUDA: events around each launch inside the launch process; CPU: wall
// time). Nothing is compared against the reference: this measures speed, not
// correctness. Exit status: 0 timed, 1 a launch failed (fault) so that some
// kernel could not be timed, 2 error.
//
//===----------------------------------------------------------------------===//
#include "kfix/Agent/KernelTime.h"
#include "kfix/Agent/Session.h"
#include "kfix/Runtime/Deadline.h"
#include "kfix/Driver/Args.h"
#include "kfix/Driver/Driver.h"
#include "kfix/Runtime/Inputs.h"
#include "kfix/Runtime/Validate.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include <chrono>

using namespace kfix;
using llvm::StringRef;

namespace {

/// "bounds,races" -> "gpu.module(kfix-instrument-bounds,kfix-instrument-races)";
/// full pass names (kfix-instrument-...) and options ("bounds{guard=1}") pass through.
std::string instrumentPipeline(StringRef list) {
  std::string out;
  llvm::SmallVector<StringRef> items;
  list.split(items, ',', -1, false);
  for (StringRef item : items) {
    item = item.trim();
    if (!out.empty())
      out += ",";
    out += item.starts_with("kfix-") ? item.str() : "kfix-instrument-" + item.str();
  }
  return "gpu.module(" + out + ")";
}

} // namespace

static int timeMain(int argc, char **argv) {
  Args args("kfix time TASK.json [--candidate FILE] [--target auto|cpu|cuda] [--reps N]\n"
            "                 [--size I] [--set NAME=V,...] [--instrument LIST] [--json]\n\n"
            "Per-launch kernel time of a candidate on one size of the task (the largest\n"
            "by default), seed 0: a checked launch, then N timed launches on the same\n"
            "buffers; prints the median (and minimum) milliseconds of one launch.\n"
            "CUDA times come from CUDA events around each launch; CPU times are wall\n"
            "time. The outputs are not validated. Exit status: 0 timed, 1 a launch\n"
            "faulted and could not be timed, 2 error.");
  args.option("candidate", "the kernel to time (.cu or .mlir; default: the task's source)");
  args.option("target", "auto, cpu or cuda (default auto)");
  args.option("reps", "timed launches after the checked one (default 20; 0 = only the "
                      "checked launch, for the compile/load/run split)");
  args.option("size", "index of the task's size to run (default: the one with the most "
                      "buffer bytes)");
  args.option("set", "override size symbols, e.g. N=1048576,M=4 (applied to the chosen size)");
  args.option("instrument", "apply instrumentation passes first: a comma list of "
                            "bounds,races,writes,nan,coverage (or full pass names)");
  args.option("timeout", "seconds a launch (with its repetitions) may take (default 120)");
  args.flag("json", "print one JSON object instead of text");
  int code = 0;
  if (!args.parse(argc, argv, code, 1))
    return code;
  std::string err;
  int64_t reps = 0, sizeIndex = -1;
  double timeout = 0;
  if (!args.getInt("reps", reps, 20, err) || !args.getInt("size", sizeIndex, -1, err) ||
      !args.getDouble("timeout", timeout, 120, err)) {
    llvm::errs() << "kfix time: " << err << "\n";
    return 2;
  }
  if (reps < 0 || reps > 100000) {
    llvm::errs() << "kfix time: --reps must be between 0 and 100000\n";
    return 2;
  }
  std::string target = args.get("target", "auto");
  if (target != "auto" && target != "cpu" && target != "cuda") {
    llvm::errs() << "kfix time: --target must be auto, cpu or cuda (got '" << target << "')\n";
    return 2;
  }
  bool asJSON = args.has("json");

  auto t0 = std::chrono::steady_clock::now();
  auto s =
      openSessionOrReport("kfix time", args.positionals()[0], args.get("candidate", ""), target);
  if (!s)
    return 2;
  double openMs = msSince(t0);
  const TaskManifest &task = s->task;
  if (task.sizes.empty()) {
    llvm::errs() << "kfix time: the task has no sizes\n";
    return 2;
  }

  // The size.
  if (sizeIndex >= static_cast<int64_t>(task.sizes.size())) {
    llvm::errs() << "kfix time: --size " << sizeIndex << ": the task has " << task.sizes.size()
                 << " size(s)\n";
    return 2;
  }
  if (sizeIndex < 0)
    sizeIndex = largestSize(task);
  Bindings b = task.sizes[sizeIndex];
  if (std::optional<std::string> sets = args.get("set")) {
    llvm::SmallVector<StringRef> items;
    StringRef(*sets).split(items, ',', -1, false);
    for (StringRef item : items) {
      auto [name, value] = item.split('=');
      name = name.trim();
      value = value.trim();
      int64_t iv;
      double fv;
      if (name.empty() || value.empty()) {
        llvm::errs() << "kfix time: --set: expected NAME=VALUE, got '" << item << "'\n";
        return 2;
      }
      if (!value.getAsInteger(10, iv))
        b[name] = Scalar::ofInt(iv);
      else if (llvm::to_float(value, fv))
        b[name] = Scalar::ofFloat(fv);
      else {
        llvm::errs() << "kfix time: --set: '" << value << "' is not a number\n";
        return 2;
      }
    }
  }

  // Instrumentation.
  mlir::ModuleOp module = *s->candidate;
  mlir::OwningOpRef<mlir::ModuleOp> instrumented;
  std::string pipeline;
  if (std::optional<std::string> list = args.get("instrument")) {
    pipeline = instrumentPipeline(*list);
    instrumented = llvm::cast<mlir::ModuleOp>(module->clone());
    mlir::PassManager pm(s->ctx.get());
    std::string perr;
    llvm::raw_string_ostream pos(perr);
    if (mlir::failed(mlir::parsePassPipeline(pipeline, pm, pos))) {
      llvm::errs() << "kfix time: --instrument: " << perr << "\n";
      return 2;
    }
    if (mlir::failed(pm.run(*instrumented))) {
      llvm::errs() << "kfix time: --instrument: the pipeline " << pipeline << " failed\n";
      return 2;
    }
    module = *instrumented;
  }

  KernelTiming timing = timeKernels(*s, module, b, static_cast<unsigned>(sizeIndex),
                                    static_cast<unsigned>(reps), timeout);
  if (!timing.error.empty()) {
    llvm::errs() << "kfix time: " << timing.error << "\n";
    return 2;
  }
  const std::vector<LaunchTiming> &timings = timing.launches;
  bool allTimed = timing.allTimed;
  double total = std::max(timing.kernelMs, 0.0), totalMin = std::max(timing.kernelMsMin, 0.0);
  std::string sizeText = bindingsToString(b, task.sizeNames);
  if (asJSON) {
    llvm::json::Array launches;
    for (const LaunchTiming &t : timings) {
      llvm::json::Array faults;
      for (const ExecFault &f : t.faults)
        faults.push_back(llvm::json::Object{{"kind", f.kind}, {"message", f.message}});
      launches.push_back(llvm::json::Object{{"kernel", t.kernel},
                                            {"lower_ms", t.lowerMs},
                                            {"load_ms", t.loadMs},
                                            {"run_ms", t.runMs},
                                            {"kernel_ms", t.kernelMs},
                                            {"kernel_ms_min", t.kernelMsMin},
                                            {"faults", std::move(faults)}});
    }
    llvm::json::Object o{{"task", task.name},
                         {"candidate", s->candidatePath},
                         {"target", s->executor->name()},
                         {"size_index", sizeIndex},
                         {"size", sizeText},
                         {"reps", reps},
                         {"instrument", pipeline},
                         {"open_ms", openMs},
                         {"launches", std::move(launches)},
                         {"kernel_ms", allTimed && reps > 0 ? total : -1.0},
                         {"kernel_ms_min", allTimed && reps > 0 ? totalMin : -1.0},
                         {"ok", allTimed}};
    llvm::outs() << llvm::formatv("{0:2}", llvm::json::Value(std::move(o))) << "\n";
  } else {
    llvm::outs() << "task " << task.name << ": candidate " << s->candidatePath << ", target "
                 << s->executor->name() << ", size " << sizeText << " (#" << sizeIndex << "), "
                 << reps << " timed launch(es)"
                 << (pipeline.empty() ? "" : ", instrumented: " + pipeline) << "\n";
    for (const LaunchTiming &t : timings) {
      llvm::outs() << llvm::formatv("  {0,-28} lower {1:f2} ms, load {2:f2} ms, checked run "
                                    "{3:f4} ms",
                                    t.kernel, t.lowerMs, t.loadMs, t.runMs);
      if (reps > 0)
        llvm::outs() << llvm::formatv(", median {0:f4} ms, min {1:f4} ms", t.kernelMs,
                                      t.kernelMsMin);
      llvm::outs() << "\n";
      for (const ExecFault &f : t.faults)
        llvm::outs() << "    fault: " << f.kind << ": " << f.message << "\n";
    }
    if (reps > 0) {
      if (allTimed)
        llvm::outs() << llvm::formatv("kernel_ms {0:f5} (min {1:f5})\n", total, totalMin);
      else
        llvm::outs() << "kernel_ms n/a (a launch faulted)\n";
    }
  }
  return allTimed ? 0 : 1;
}

static bool registered = (registerSubcommand({"time",
                                              "median per-launch kernel time of a candidate "
                                              "(CUDA events or CPU wall time)",
                                              timeMain}),
                          true);
