//===- Driver.h - entry points of the kfix multi-call binary ----*- C++ -*-===//
//
// One binary serves as `kfix`, `kfix-opt` and `kfix-translate` (by the name it
// is called under, or `kfix opt ...` / `kfix translate ...`), which keeps the
// portable tarball small. The tool's main() only dispatches to these.
//
//===----------------------------------------------------------------------===//
#ifndef KFIX_DRIVER_DRIVER_H
#define KFIX_DRIVER_DRIVER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace kfix {

int optMain(int argc, char **argv);
int translateMain(int argc, char **argv);
int cliMain(int argc, char **argv);

/// A `kfix <name>` subcommand. `main` gets argv with argv[0] = "kfix <name>".
struct Subcommand {
  const char *name;
  const char *summary;
  int (*main)(int argc, char **argv);
  /// Hidden commands (test harnesses) are not listed by `kfix --help`.
  bool hidden = false;
};

/// Registers a subcommand; called from static initializers in lib/Driver.
void registerSubcommand(Subcommand cmd);
llvm::ArrayRef<Subcommand> getSubcommands();

} // namespace kfix

#endif
