//===- Validate.h - full-coverage validation of a candidate ----*- C++ -*-===//
//
// For every (size, seed): fresh buffers, inputs drawn, outputs and scratch
// poisoned; the reference run once and the candidate twice on separate copies
// of the same inputs; every element of every output/inout compared, and the
// two candidate runs compared bitwise (a difference is "nondeterministic").
// The result keeps what the diagnosis stage needs: per-output statistics and
// mismatch bitmaps, and the buffers of the first failing case.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_RUNTIME_VALIDATE_H
#define KFIX_RUNTIME_VALIDATE_H

#include "kfix/Runtime/CaseCache.h"
#include "kfix/Runtime/Compare.h"
#include "kfix/Runtime/Executor.h"
#include "kfix/Runtime/Manifest.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace kfix {

struct ValidateOptions {
  ExecOptions exec;
  /// Seeds run are seedBase .. seedBase + task.seeds - 1 (held-out seeds: a new base).
  unsigned seedBase = 0;
  /// Mismatches listed per output.
  size_t keepFirstMismatches = 10;
  /// Keep a mismatch bitmap per failing output (CompareStats::mask).
  bool keepMasks = true;
  /// Keep the buffers of the first failing case (ValidationResult::failing).
  bool keepFailingBuffers = true;
  /// Also keep the buffers of every failing case, up to this many
  /// (ValidationResult::failingCases); the diagnosis compares sizes with it.
  unsigned keepFailingCases = 0;
  /// Stop after the first failing case.
  bool stopAtFirstFailure = false;
  /// Run the candidate a second time and compare the runs bitwise.
  bool checkDeterminism = true;
  /// Where the cases' inputs and reference outputs are kept across calls
  /// (null: drawn and run each time).
  CaseCache *caseCache = nullptr;
  /// Elements the reference computes as NaN are not compared (inputs drawn
  /// outside the task's distributions, as the integrity gate's widened and
  /// perturbed inputs are, can leave the reference's domain: `rsqrt` of a
  /// negative variance; the candidate's NaN handling there is not the test).
  bool skipReferenceNaN = false;
};

struct OutputResult {
  std::string param;
  CompareStats stats;
  /// Elements whose bits differ between the two candidate runs.
  int64_t nondeterministic = 0;
  /// An inout parameter every element of which still holds, bit for bit, the
  /// value it had before the launches: the candidate did nothing to it.
  bool untouched = false;
};

/// How one (size, seed) case ended.
enum class CaseStatus {
  Pass,             ///< every output within tolerance, runs agree
  Mismatch,         ///< an output differs from the reference
  Nondeterministic, ///< the two candidate runs differ beyond the tolerance
  Fault             ///< the candidate faulted
};
/// "pass" | "mismatch" | "nondeterministic" | "fault".
llvm::StringRef toString(CaseStatus s);
std::optional<CaseStatus> parseCaseStatus(llvm::StringRef s);

struct CaseResult {
  unsigned sizeIndex = 0;
  unsigned seed = 0;
  Bindings sizes;
  CaseStatus status = CaseStatus::Pass;
  std::vector<ExecFault> faults;
  std::vector<OutputResult> outputs;
  double candidateMs = 0, referenceMs = 0;
  /// CPU: the most loop iterations a block of the candidate ran.
  uint64_t candidateSteps = 0;
  bool pass() const { return status == CaseStatus::Pass; }
};

/// The buffers of one case, indexed like task.params (scalars: empty buffers).
struct CaseBuffers {
  size_t caseIndex = 0;
  std::vector<Buffer> inputs;    ///< as handed to the kernels (outputs poisoned)
  std::vector<Buffer> candidate; ///< after the candidate's first run
  std::vector<Buffer> reference; ///< after the reference
};

/// Whose fault a validation error is: the gate counts a candidate that cannot
/// be run against it, and skips a check whose reference or task cannot be run.
enum class ValidationErrorSource {
  none,
  candidate, ///< the candidate does not compile, fails to launch, or its arity is wrong
  reference, ///< the reference does not compile, faults or its command fails
  task,      ///< the task itself (sizes, input files, epilogues) cannot be evaluated
};
llvm::StringRef validationErrorSourceName(ValidationErrorSource s);

/// Where the time of a validation's cases went (milliseconds, wall clock):
/// drawing inputs, the reference's launches, the candidate's (both runs, with
/// their transfers and the launch round trips), comparing; and the cases a
/// CaseCache answered (their inputs were not drawn, their reference not run).
struct CaseTimes {
  double inputsMs = 0, referenceMs = 0, candidateMs = 0, compareMs = 0;
  unsigned fromCache = 0;
  CaseTimes &operator+=(const CaseTimes &o) {
    inputsMs += o.inputsMs;
    referenceMs += o.referenceMs;
    candidateMs += o.candidateMs;
    compareMs += o.compareMs;
    fromCache += o.fromCache;
    return *this;
  }
};

/// The verdict of a validation.
enum class ValidationVerdict {
  Pass,
  Fail,
  Error,      ///< the validation could not be done: bad input files, reference
              ///< failure, compile error; ValidationResult::error says why
  NotVerified ///< `kfix run`: the candidate uses a construct kfix cannot lift
};
/// "pass" | "fail" | "error" | "not-verified".
llvm::StringRef toString(ValidationVerdict v);
std::optional<ValidationVerdict> parseValidationVerdict(llvm::StringRef s);

struct ValidationResult {
  ValidationVerdict verdict = ValidationVerdict::Pass;
  std::string error;
  ValidationErrorSource errorSource = ValidationErrorSource::none;
  std::string target;
  double candidateCompileMs = 0, referenceCompileMs = 0;
  /// Kernels compiled for this validation, and kernels a compile cache
  /// (CompileCache.h) handed out instead.
  unsigned compiles = 0, compileCacheHits = 0;
  CaseTimes times;
  std::vector<CaseResult> cases;
  std::optional<CaseBuffers> failing;
  std::vector<CaseBuffers> failingCases;
  size_t passed() const;
  bool isError() const { return verdict == ValidationVerdict::Error; }
  /// The first failing case's buffers: `failing`, or the first of
  /// `failingCases` (which then holds them once instead of twice).
  const CaseBuffers *firstFailing() const {
    return failing ? &*failing : failingCases.empty() ? nullptr : &failingCases.front();
  }
};

/// The buffers of one (size, seed) case, indexed like task.params: inputs and
/// inouts drawn fresh, outputs and scratch poisoned, scalars empty. Errors read
/// `inputs.NAME: ...`.
llvm::Expected<std::vector<Buffer>> makeCaseBuffers(const TaskManifest &task,
                                                    const std::vector<ResolvedParam> &resolved,
                                                    unsigned sizeIndex, unsigned seed);

/// Applies the task's output epilogues (ParamSpec::epilogue) to the candidate's
/// buffers `bufs` (indexed like task.params) under size binding `b`: what the
/// candidate's host wrapper computes after its launches. validate() calls it
/// after every candidate run, so every path that judges outputs sees the
/// candidate's final results.
llvm::Error applyEpilogues(const TaskManifest &task, const Bindings &b, std::vector<Buffer> &bufs);

/// The arguments of one launch: the task params it names, buffers from `bufs`
/// (indexed like task.params) and scalars from `resolved`.
std::vector<KernelArg> launchArgs(const TaskManifest &task, const KernelLaunch &launch,
                                  const std::vector<ResolvedParam> &resolved,
                                  std::vector<Buffer> &bufs);

/// Validates a candidate module against the task's reference (`reference` is the
/// lifted reference for kind "cuda", null for kind "command") on `exec`.
ValidationResult validate(const TaskManifest &task, Executor &exec, mlir::ModuleOp candidate,
                          mlir::ModuleOp reference, const ValidateOptions &opts = {});

/// Runs the task's command reference for one size binding: writes sizes.json and
/// NAME.npy per input/inout into a fresh KFIX_IO_DIR, runs argv there (cwd = the
/// task's directory) and reads NAME.npy per output/inout back into `bufs`
/// (converted to the param dtype). Non-zero exit, a timeout or a missing or
/// misshapen output is an error. Outputs are cached in the process by task,
/// command, sizes and the inputs' bytes (a command reference must be a
/// function of its inputs); KFIX_REFERENCE_CACHE=0 runs the command every time.
llvm::Error runCommandReference(const TaskManifest &task, const Bindings &sizes,
                                std::vector<Buffer> &bufs);
/// The same, never cached.
llvm::Error runCommandReferenceUncached(const TaskManifest &task, const Bindings &sizes,
                                        std::vector<Buffer> &bufs);

llvm::json::Value toJSON(const CaseResult &c, llvm::ArrayRef<std::string> sizeNames = {});
llvm::json::Value toJSON(const ValidationResult &r, llvm::ArrayRef<std::string> sizeNames = {});
/// Symbols in `order` first (TaskManifest::sizeNames), then the rest sorted.
llvm::json::Value bindingsToJSON(const Bindings &b, llvm::ArrayRef<std::string> order = {});
/// "R=64 C=1000".
std::string bindingsToString(const Bindings &b, llvm::ArrayRef<std::string> order = {});

} // namespace kfix

#endif
