//===- KernelBench.h - KernelBench candidates as kfix tasks -----*- C++ -*-===//
//
// `kfix import-kernelbench` turns a KernelBench problem (class Model,
// get_inputs, get_init_inputs) and a candidate module (CUDA sources compiled
// with load_inline, class ModelNew) into a task directory: kernel.cu (the
// candidate's kernels, wrapper code blanked so lines still match), task.json
// (params, launches and sizes read off the C++ wrapper), weights as .npy, and
// a `command` reference that runs the problem's Model under torch.
// `kfix export-kernelbench` splices repaired kernels back into a copy of the
// candidate module. See docs/kernelbench.md.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_KERNELBENCH_KERNELBENCH_H
#define KFIX_KERNELBENCH_KERNELBENCH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace kfix {

struct KernelBenchImportOptions {
  std::string problem, candidate, outDir;
  /// Import despite integrity findings (torch compute in ModelNew.forward that the
  /// task can leave out, try/except fallbacks); they are still reported.
  bool allowTorchOps = false;
  /// The largest buffer (elements) a task size may have; larger problem sizes are
  /// scaled down.
  int64_t maxElements = int64_t(1) << 20;
  /// Seed of the generated weights.
  uint64_t seed = 0;
  /// The interpreter the reference command runs (needs torch).
  std::string python = "python3";
};

/// A classic KernelBench cheat or an unmappable construct found while importing.
struct KernelBenchFinding {
  std::string kind;    ///< "torch-op", "try-fallback", ...
  std::string where;   ///< file:line:col
  std::string message;
};

struct KernelBenchImport {
  bool ok = false;
  std::vector<std::string> errors; ///< "file:line:col: error: ..." lines
  std::vector<std::string> notes;  ///< what was scaled, assumed, left out
  std::vector<KernelBenchFinding> findings;
  llvm::json::Object report;       ///< what import-report.json holds
};

/// Imports; writes outDir/import-report.json in every case where outDir can be
/// created, and the task files only when the import succeeds.
KernelBenchImport importKernelBench(const KernelBenchImportOptions &opts);

/// Writes a copy of `candidate` with the kernels and device functions defined in
/// `repaired` (a .cu file) replacing those of the same names in the candidate's
/// CUDA source strings. `out` is written atomically and may not be the candidate.
/// `replaced` receives the names of the functions it replaced or added.
llvm::Error exportKernelBench(llvm::StringRef candidate, llvm::StringRef repaired,
                              llvm::StringRef out, std::vector<std::string> &replaced);

/// The reference script shipped into every imported task (kernelbench_reference.py).
llvm::StringRef kernelBenchReferenceScript();

} // namespace kfix

#endif
