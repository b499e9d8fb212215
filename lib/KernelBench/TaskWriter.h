//===- TaskWriter.h - write an imported KernelBench task --------*- C++ -*-===//
#ifndef KFIX_LIB_KERNELBENCH_TASKWRITER_H
#define KFIX_LIB_KERNELBENCH_TASKWRITER_H

#include "PyModel.h"

namespace kfix::kb {

/// What the importer hands the writer.
struct ImportResult {
  TaskModel *task = nullptr;
  std::vector<int> outputs; ///< buffers ModelNew.forward returns, in order
  llvm::StringMap<int64_t> symbolValues;
  std::vector<InputItem> inputs;
  std::vector<ParamDecl> modelParams, newParams;
  std::vector<const CudaUnit *> units; ///< the extensions forward uses
};

/// Writes task.json, kernel.cu, problem.py, weights/, reference.json and the
/// reference script into opts.outDir. Errors go to out.errors.
bool writeTask(const KernelBenchImportOptions &opts, const py::Module &prob,
               const py::Module &cand, ImportResult &res, KernelBenchImport &out);
/// Writes outDir/import-report.json (best effort; a failure is added to out.errors).
void writeImportReport(const KernelBenchImportOptions &opts, KernelBenchImport &out,
                       const ImportResult *res);

} // namespace kfix::kb

#endif
