//===- kfix.cpp - kfix, kfix-opt and kfix-translate in one binary ---------===//
#include "kfix/Driver/Driver.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include <cstring>

int main(int argc, char **argv) {
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
