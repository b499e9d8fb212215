//===- CmdHarnessPython.cpp - `kfix debug-kernelbench` / `run-kernelbench` -===//
//
// Both exec `python3 -m kfix_harness <debug|run> ARGS...` (the Python harness,
// python/kfix_harness, which runs a KernelBench candidate in real PyTorch and
// calls back into `kfix harness-prepare` / `kfix exec-server`). PYTHONPATH is
// prepended with the directory that holds the package:
// <bindir>/../share/kfix/python (installed tree, portable tarball) when it
// exists, else the source tree's python/. KFIX_BIN is set to this executable;
// the interpreter is $KFIX_PYTHON, else python3 on PATH. `import-kernelbench`
// and `export-kernelbench` (CmdKernelBench.cpp) go the same way.
//
//===----------------------------------------------------------------------===//
#include "kfix/Driver/Driver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

#ifndef KFIX_SOURCE_DIR
#define KFIX_SOURCE_DIR ""
#endif

using namespace llvm;
using namespace kfix;

static int dummyAnchor;

/// The directory holding the kfix_harness package, or "".
static std::string harnessPythonDir(StringRef exe) {
  if (!exe.empty()) {
    SmallString<256> p(sys::path::parent_path(sys::path::parent_path(exe)));
    sys::path::append(p, "share", "kfix", "python");
    if (sys::fs::is_directory(p + "/kfix_harness"))
      return std::string(p);
  }
  SmallString<256> src(KFIX_SOURCE_DIR);
  if (!src.empty()) {
    sys::path::append(src, "python");
    if (sys::fs::is_directory(src))
      return std::string(src);
  }
  return "";
}

namespace kfix {
/// Execs `PYTHON -m kfix_harness MODE ARGS...` (returns only on failure); tool
/// names the subcommand in errors; needTorch: probe for a python3 with torch.
int runHarnessPython(const char *tool, const char *mode, int argc, char **argv,
                     bool needTorch = true);
} // namespace kfix

int kfix::runHarnessPython(const char *tool, const char *mode, int argc, char **argv,
                           bool needTorch) {
  std::string exe = sys::fs::getMainExecutable(argv[0], &dummyAnchor);
  std::string dir = harnessPythonDir(exe);
  if (dir.empty()) {
    errs() << "kfix " << tool << ": cannot find the kfix_harness package (looked in "
           << "<bindir>/../share/kfix/python and " << KFIX_SOURCE_DIR << "/python)\n";
    return 2;
  }
  std::string pythonPath = dir;
  if (const char *old = std::getenv("PYTHONPATH"); old && *old)
    pythonPath += std::string(":") + old;
  ::setenv("PYTHONPATH", pythonPath.c_str(), 1);
  if (!exe.empty())
    ::setenv("KFIX_BIN", exe.c_str(), 1);
  // $KFIX_PYTHON, else the first of python3 on PATH and the system's
  // /usr/bin/python3 that imports torch (a pyenv or venv python3 on PATH often
  // has no torch while the distribution's python3-torch is installed).
  std::string python = "python3";
  if (const char *p = std::getenv("KFIX_PYTHON"); p && *p) {
    python = p;
  } else if (needTorch) {
    for (const char *cand : {"python3", "/usr/bin/python3"}) {
      std::string probe = std::string(cand) + " -c 'import torch' >/dev/null 2>&1";
      if (std::system(probe.c_str()) == 0) {
        python = cand;
        break;
      }
    }
  }
  std::vector<std::string> args = {python, "-m", "kfix_harness", mode};
  for (int i = 1; i < argc; ++i)
    args.push_back(argv[i]);
  std::vector<char *> cargs;
  for (std::string &a : args)
    cargs.push_back(a.data());
  cargs.push_back(nullptr);
  outs().flush();
  errs().flush();
  ::execvp(python.c_str(), cargs.data());
  errs() << "kfix " << tool << ": cannot run " << python << ": " << std::strerror(errno)
         << " (set KFIX_PYTHON to a Python with torch)\n";
  return 2;
}

static int debugMain(int argc, char **argv) {
  return runHarnessPython("debug-kernelbench", "debug", argc, argv);
}
static int runMain(int argc, char **argv) {
  return runHarnessPython("run-kernelbench", "run", argc, argv);
}

static bool registered = [] {
  registerSubcommand({"debug-kernelbench",
                      "debug a KernelBench candidate in real PyTorch (python3 -m kfix_harness)",
                      debugMain});
  registerSubcommand({"run-kernelbench",
                      "run a KernelBench candidate in real PyTorch (python3 -m kfix_harness)",
                      runMain});
  return true;
}();
