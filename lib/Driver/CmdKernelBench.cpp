//===- CmdKernelBench.cpp - `kfix import-kernelbench` / `export-kernelbench` -===//
//
// Both are the Python harness (python/kfix_harness), exec'd as
// `run-kernelbench` is (CmdHarnessPython.cpp):
//
//   import-kernelbench --problem P.py --candidate C.py -o TASKDIR [--target cpu|cuda]
//       -> python3 -m kfix_harness capture ...: the problem and the candidate run
//          in real CPython + torch; the kernel launch that wrote the tensor
//          ModelNew returned becomes a kernel-level task (task.json, file inputs,
//          the Model's output as a command reference).
//   export-kernelbench --candidate C.py --repaired R.cu -o NEW.py
//       -> python3 -m kfix_harness export ...: the repaired functions spliced into
//          a copy of the candidate (no torch needed).
//
//===----------------------------------------------------------------------===//
#include "kfix/Driver/Driver.h"

using namespace kfix;

namespace kfix {
int runHarnessPython(const char *tool, const char *mode, int argc, char **argv,
                     bool needTorch = true);
} // namespace kfix

static int importMain(int argc, char **argv) {
  return runHarnessPython("import-kernelbench", "capture", argc, argv);
}

static int exportMain(int argc, char **argv) {
  return runHarnessPython("export-kernelbench", "export", argc, argv, /*needTorch=*/false);
}

static bool registered = [] {
  registerSubcommand({"import-kernelbench",
                      "capture a KernelBench candidate's kernel launch as a kfix task "
                      "(python3 -m kfix_harness capture)",
                      importMain});
  registerSubcommand({"export-kernelbench",
                      "splice repaired kernels into a copy of a KernelBench candidate",
                      exportMain});
  return true;
}();
