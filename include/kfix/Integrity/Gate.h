//===- Gate.h - the integrity gate: static and dynamic checks ---*- C++ -*-===//
//
// A candidate that the repair loop accepted is reported as repaired only if it
// also passes this gate: the static checks (StaticChecks.h) and dynamic ones
// that a kernel gaming the test cannot pass:
//   held-out-sizes     other awkward and larger sizes, derived from the task
//   held-out-seeds     fresh input draws
//   widened-inputs     larger magnitudes, shifted means, negative values
//   constant-inputs    constant inputs (breaks "zeros on zero-mean data")
//   perturbation       one input redrawn: outputs must change where the reference's do
//   element-dependence single elements of one input changed (file and constant inputs
//                      too): the outputs must follow the reference's
//   ghost-replay       the kernel body removed must NOT pass (else the harness answers)
//   data-race          an instrumented run must show no shared-memory conflict in a
//                      barrier interval and no global element written by two threads
//                      without atomics (a race can pass the comparison by luck)
// Held-out sizes and seeds are never shown to the planner or the loop.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_INTEGRITY_GATE_H
#define KFIX_INTEGRITY_GATE_H

#include "kfix/Integrity/StaticChecks.h"
#include "kfix/Runtime/CaseCache.h"
#include "kfix/Runtime/Executor.h"
#include "kfix/Runtime/Manifest.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

namespace kfix {

struct GateOptions {
  bool staticChecks = true;
  bool heldOutSizes = true;
  bool heldOutSeeds = true;
  bool widenedInputs = true;
  bool constantInputs = true;
  bool perturbation = true;
  bool elementDependence = true;
  bool ghostReplay = true;
  /// Run the candidate instrumented for races (data-race).
  bool raceCheck = true;
  unsigned diffBudgetLines = 40;
  /// Upper bound on the elements of all buffers of one held-out size.
  int64_t maxElements = 4'000'000;
  ExecOptions exec;
};

/// The names of the gate's checks, as report.json's checks_run spells them.
llvm::ArrayRef<llvm::StringRef> gateCheckNames();

/// Runs only the checks named in `names` (comma-separated, from
/// gateCheckNames()); the others are off. An unknown name is an error.
llvm::Error selectGateChecks(llvm::StringRef names, GateOptions &opts);

struct GateReport {
  bool passed = true;
  std::vector<IntegrityFinding> findings;
  std::vector<std::string> checksRun;
  /// Checks that could not run and why (e.g. the reference failed on a held-out size).
  std::vector<std::string> skipped;
  /// Non-empty when held-out sizes fail only past a bound the launch
  /// configuration implies ("C <= 1024 (blockDim.x ...)"): the verdict is
  /// "size-limited", not a cheat; the gate passes with this qualification.
  std::string sizeLimited;
  /// First failing check's name and evidence, for one-line reports.
  std::string reason() const;
  llvm::json::Value toJSON() const;
};

struct GateInput {
  const TaskManifest *task = nullptr;
  Executor *executor = nullptr;
  /// Where validation keeps the cases' inputs and reference outputs (null: none).
  CaseCache *caseCache = nullptr;
  mlir::ModuleOp candidate;
  mlir::ModuleOp reference; ///< lifted reference (null for a command reference)
  mlir::ModuleOp original;  ///< the pipeline's original candidate (null: none)
  std::string candidateSource, originalSource;
};

GateReport runGate(const GateInput &in, const GateOptions &opts = {});

/// Size bindings never shown to the loop: for each binding of the task, the
/// symbols that vary across the task's sizes (all of them when there is one
/// binding, except power-of-two values <= 128, which look like fixed tile or
/// head sizes) moved to other awkward values, and one larger binding.
std::vector<Bindings> deriveHeldOutSizes(const TaskManifest &task, int64_t maxElements);

/// The data-race check (RaceCheck.cpp): adds its finding, or a skip, to `report`.
void runRaceCheck(const GateInput &in, const GateOptions &opts, GateReport &report);

/// A copy of `module` in which the body of every gpu.func is removed.
mlir::OwningOpRef<mlir::ModuleOp> makeGhost(mlir::ModuleOp module);

} // namespace kfix

#endif
