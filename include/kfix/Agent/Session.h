//===- Session.h - a task opened for run/diagnose/debug/check ---*- C++ -*-===//
//
// What every task-level command needs: the manifest, an MLIR context with
// kfix's dialects, the candidate (the task's source or --candidate), the
// original source, the lifted reference, and an executor for the target
// (behind a compile cache).
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_AGENT_SESSION_H
#define KFIX_AGENT_SESSION_H

#include "kfix/Runtime/CaseCache.h"
#include "kfix/Runtime/CompileCache.h"
#include "kfix/Runtime/Executor.h"
#include "kfix/Runtime/Manifest.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace kfix {

struct Session {
  std::unique_ptr<mlir::MLIRContext> ctx;
  TaskManifest task;
  std::string candidatePath;
  std::string candidateSource, originalSource; ///< texts (empty for .mlir inputs)
  mlir::OwningOpRef<mlir::ModuleOp> candidate;
  mlir::OwningOpRef<mlir::ModuleOp> original; ///< the task's source (== candidate by default)
  mlir::OwningOpRef<mlir::ModuleOp> reference;
  /// The target's executor behind the session's compile cache: screening,
  /// validation, the integrity gate and diagnosis compile through it, so each
  /// (module, kernel) is compiled once (CompileCache.h).
  std::unique_ptr<Executor> executor;
  /// The same object as `executor`, for its statistics.
  CachingExecutor *compileCache = nullptr;
  /// Each validation case's inputs and reference outputs, drawn and run once
  /// for all the candidates the session validates (CaseCache.h).
  std::unique_ptr<CaseCache> caseCache;
  /// CPU: the loop-iteration budget of a block of a candidate, set from the
  /// first evaluation (the kernel as given): a candidate that runs far more
  /// than the original (a loop whose test can no longer end it) is stopped
  /// there instead of at the executor's default. 0 = the default.
  uint64_t candidateStepBudget = 0;
  /// GPU: the wall-clock limit of one launch of a candidate, set from the
  /// first evaluation: 200 times the kernel as given took, at least 3 s. A
  /// candidate whose loop no longer ends is killed there instead of at the
  /// executor's default (20 s), so a few hung edits do not eat the search's
  /// time. 0 = the default.
  double candidateTimeoutSeconds = 0;
  /// Files a command must never write over.
  std::vector<std::string> protectedFiles() const;
};

/// What went wrong opening a session; `stage` is "task", "candidate",
/// "reference" or "target" (for messages and exit codes).
struct SessionError {
  std::string stage, message;
};

/// Opens a task. `candidatePath` empty = the task's source; `target` is
/// auto|cpu|cuda. Returns null and fills `err` on failure.
std::unique_ptr<Session> openSession(llvm::StringRef taskPath, llvm::StringRef candidatePath,
                                     llvm::StringRef target, SessionError &err);

/// openSession for a command line tool: on failure prints
/// "COMMAND: STAGE: MESSAGE" to stderr and returns null (exit 2 follows).
std::unique_ptr<Session> openSessionOrReport(llvm::StringRef command, llvm::StringRef taskPath,
                                             llvm::StringRef candidatePath, llvm::StringRef target);

/// Reads a whole text file ("" on failure).
std::string readTextFile(llvm::StringRef path);

} // namespace kfix

#endif
