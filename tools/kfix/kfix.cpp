//===- kfix.cpp - kfix, kfix-opt and kfix-translate in one binary ---------===//
#include "kfix/Driver/Driver.h"
#include "kfix/Runtime/SourceCompile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <cstring>
#include <new>
#include <unistd.h>

/// The last resort when an allocation that no budget foresaw fails: a named
/// error and exit status 2 (an error), not std::bad_alloc and abort (134).
/// Outputs are written atomically, so nothing half-written is left behind.
static void outOfMemory() {
  static const char msg[] =
      "kfix: error: out of host memory (an allocation failed; smaller sizes or more memory "
      "are needed)\n";
  (void)!write(2, msg, sizeof msg - 1);
  _exit(2);
}

int main(int argc, char **argv) {
  std::set_new_handler(outOfMemory);
  llvm::StringRef self = llvm::sys::path::filename(argv[0]);
  if (self.starts_with("kfix-opt"))
    return kfix::optMain(argc, argv);
  if (self.starts_with("kfix-translate"))
    return kfix::translateMain(argc, argv);
  if (argc >= 2 && (!std::strcmp(argv[1], "opt") || !std::strcmp(argv[1], "translate"))) {
    bool opt = !std::strcmp(argv[1], "opt");
    argv[1] = argv[0];
    return opt ? kfix::optMain(argc - 1, argv + 1) : kfix::translateMain(argc - 1, argv + 1);
  }
  // A crash prints where it happened (a bug report to file, not a bare
  // "Segmentation fault"); forked children drop these handlers.
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  int rc = kfix::cliMain(argc, argv);
  if (kfix::sourceCompilesInFlight()) {
    // An abandoned NVRTC compile is still running: its library's exit-time
    // destructors must not run under it. Everything was written already.
    llvm::outs().flush();
    llvm::errs().flush();
    std::fflush(nullptr);
    _exit(rc);
  }
  return rc;
}
