//===- kfix.cpp - kfix, kfix-opt and kfix-translate in one binary ---------===//
#include "kfix/Driver/Driver.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
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
  return kfix::cliMain(argc, argv);
}
