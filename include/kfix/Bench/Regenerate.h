//===- Regenerate.h - the "regenerate from scratch" baseline -----*- C++ -*-===//
//
// The baseline `kfix bench --compare regenerate` measures the repair loop
// against: ask a model for a fresh kernel from the task (what the operator
// computes, the signature the candidate has, the reference source, the launch
// configuration) k times, and validate each reply with the same harness and
// integrity gate as the repaired candidates.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_BENCH_REGENERATE_H
#define KFIX_BENCH_REGENERATE_H

#include "kfix/Agent/Session.h"
#include "kfix/Bench/Bench.h"

#include <optional>
#include <string>

namespace kfix::bench {

/// `__global__ void name(const float *x, ...)` from the lifted candidate's
/// kfix.name / kfix.arg_names / kfix.arg_ctypes ("" when the kernel is missing).
std::string kernelSignature(mlir::ModuleOp module, llvm::StringRef kernelName);

/// The user message asking for a kernel.
std::string buildRegeneratePrompt(const BenchTask &task, const Session &s,
                                  llvm::StringRef launchJSON);

/// The first fenced code block of a reply that defines a __global__ function.
std::optional<std::string> extractCodeBlock(llvm::StringRef reply);

/// Runs the k attempts for an opened task; each reply is written to
/// `outDir`/regen-N.cu and validated from there. `onAttempt` (optional) gets
/// the attempts so far after each one.
std::vector<RegenAttempt>
regenerateTask(const BenchTask &task, Session &s, const BenchOptions &opts, llvm::StringRef outDir,
               std::function<void(const std::vector<RegenAttempt> &)> onAttempt = {});

} // namespace kfix::bench

#endif
