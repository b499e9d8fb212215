//===- CliMain.cpp - the `kfix` command and its subcommands ---------------===//
#include "kfix/Driver/Driver.h"
#include "kfix/InitAll.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

using namespace kfix;

static std::vector<Subcommand> &registry() {
  static std::vector<Subcommand> cmds;
  return cmds;
}

void kfix::registerSubcommand(Subcommand cmd) { registry().push_back(cmd); }
llvm::ArrayRef<Subcommand> kfix::getSubcommands() { return registry(); }

static void printUsage(llvm::raw_ostream &os) {
  os << "usage: kfix <command> [options]\n\n"
        "kfix repairs near-miss GPU kernels: it lifts a CUDA kernel into MLIR,\n"
        "diagnoses why it fails validation, applies repair passes from its\n"
        "knowledge base and validates the result.\n\ncommands:\n";
  for (const Subcommand &c : getSubcommands())
    if (!c.hidden)
      os << "  " << llvm::left_justify(c.name, 20) << c.summary << "\n";
  os << "  " << llvm::left_justify("opt", 20) << "kfix-opt (MLIR pass driver)\n";
  os << "  " << llvm::left_justify("translate", 20)
     << "kfix-translate (--import-cuda, --export-cuda, --kfix-extract-ptx)\n";
  os << "\n'kfix <command> --help' describes a command.\n";
}

int kfix::cliMain(int argc, char **argv) {
  if (argc < 2) {
    printUsage(llvm::errs());
    return 2;
  }
  // Repair and instrumentation passes are looked up by name (planners, KB).
  kfix::registerAllPasses();
  std::string cmd = argv[1];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    printUsage(llvm::outs());
    return 0;
  }
  if (cmd == "--version") {
    llvm::outs() << "kfix 0.1 (LLVM/MLIR 22)\n";
    return 0;
  }
  for (const Subcommand &c : getSubcommands()) {
    if (cmd != c.name)
      continue;
    std::string self = std::string("kfix ") + c.name;
    std::vector<char *> args;
    args.push_back(self.data());
    for (int i = 2; i < argc; ++i)
      args.push_back(argv[i]);
    args.push_back(nullptr);
    return c.main(static_cast<int>(args.size()) - 1, args.data());
  }
  llvm::errs() << "kfix: unknown command '" << cmd << "'\n\n";
  printUsage(llvm::errs());
  return 2;
}
