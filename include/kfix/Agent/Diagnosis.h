//===- Diagnosis.h - validation + instrumentation -> signature --*- C++ -*-===//
//
// What `kfix diagnose` prints and what the planners see: a candidate is
// validated (one seed per size when screening, the whole task otherwise), the
// mismatches are classified into a failure signature, and, when it fails, an
// instrumented copy (races, write coverage, NaN origin) is run on the first
// failing case; findings and faults join the signature with their sources.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_AGENT_DIAGNOSIS_H
#define KFIX_AGENT_DIAGNOSIS_H

#include "kfix/Agent/Search.h"
#include "kfix/Agent/Session.h"
#include "kfix/Diagnose/Finding.h"
#include "kfix/Diagnose/Signature.h"
#include "kfix/Diagnose/Suspects.h"
#include "kfix/Report/Report.h"
#include "kfix/Runtime/Validate.h"

namespace kfix {

struct DiagnoseOptions {
  bool full = false;      ///< every seed, determinism; else one seed per size
  bool instrument = true; ///< run the instrumented copy when validation fails
  /// Also run it when validation passes (on the first case): a race or an
  /// overflow may not show in this run's values (`kfix diagnose` does; the
  /// repair search does not need it).
  bool instrumentPassing = false;
  unsigned seedBase = 0;
  ExecOptions exec;
};

struct Diagnosis {
  ValidationResult validation;
  sig::Signature signature;
  std::vector<Finding> findings; ///< instrumentation findings
  std::vector<ExecFault> faults; ///< distinct faults of the candidate
  llvm::json::Value signatureJSON = nullptr;
  std::vector<MismatchGrid> grids; ///< per failing (output, size) of the first seed
  std::vector<std::string> sites;  ///< source locations to aim repairs at, most relevant first
  /// Ranked suspect sites of a failing candidate (kfix/Diagnose/Suspects.h).
  std::vector<Suspect> suspects;
  std::string summary; ///< one line
  std::string text;    ///< the findings as text (retrieval query)
  bool passed = false, error = false;
  double measure = 1e6;
  unsigned evaluations = 0;
  double compileMs = 0, runMs = 0;
  CaseTimes caseTimes;
  /// Kernels compiled (instrumented variants included) and compiles a
  /// compile cache answered.
  unsigned compiles = 0, compileCacheHits = 0;
  /// As the planner's Evaluation.
  Evaluation toEvaluation() const;
};

Diagnosis diagnoseCandidate(Session &s, mlir::ModuleOp candidate, const DiagnoseOptions &opts);

/// The error measure of a validation: 0 when it passes; per case the fraction
/// of wrong elements, plus 1 for a fault and 0.5 for nondeterminism, plus up to
/// 0.1 for the size of the worst relative error; averaged over the cases.
double errorMeasure(const ValidationResult &r);

/// A terminal report a kernel engineer can act on: what is wrong, where,
/// quoting the source lines.
std::string renderDiagnosisText(const Session &s, const Diagnosis &d);

/// report.json for `kfix diagnose` (and the `before` part of `kfix debug`).
llvm::json::Value diagnosisToJSON(const Session &s, const Diagnosis &d);

} // namespace kfix

#endif
